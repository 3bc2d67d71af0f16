import { defineConfig } from 'vitest/config';

// Pure functions with no process-wide state: the files share their worker's modules
// (decision 026), which halves this project's CPU.
export default defineConfig({ test: { name: 'shared', include: ['src/**/*.test.ts'], isolate: false } });
