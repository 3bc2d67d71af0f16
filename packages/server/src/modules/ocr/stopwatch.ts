/**
 * Marks the end of a step of a scan; `bench/scan-profile.ts` passes one that records how long
 * each step took since the last mark. The service passes nothing (`noLap`).
 */
export type Lap = (step: string) => void;

export const noLap: Lap = () => {};

/**
 * A lap timer: each call records the wall time and the process's CPU time (every thread's:
 * Tesseract's and onnxruntime's included) since the previous one under its step's name.
 */
export function stopwatch(): { lap: Lap; steps: Map<string, number>; cpu: Map<string, number> } {
  const steps = new Map<string, number>();
  const cpu = new Map<string, number>();
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  return {
    steps,
    cpu,
    lap(step) {
      const now = performance.now();
      const used = process.cpuUsage(lastCpu);
      steps.set(step, (steps.get(step) ?? 0) + now - last);
      cpu.set(step, (cpu.get(step) ?? 0) + (used.user + used.system) / 1000);
      last = now;
      lastCpu = process.cpuUsage();
    },
  };
}
