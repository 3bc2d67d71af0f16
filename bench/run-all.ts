// Benchmarks are added by the performance issue; each prints ratios against a baseline.
console.info('no benchmarks yet');
