/**
 * Marks the end of a step of a scan; `bench/scan-profile.ts` passes one that records how long
 * each step took since the last mark. The service passes nothing (`noLap`).
 */
export type Lap = (step: string) => void;

export const noLap: Lap = () => {};

/** A lap timer: each call records the time since the previous one under its step's name. */
export function stopwatch(): { lap: Lap; steps: Map<string, number> } {
  const steps = new Map<string, number>();
  let last = performance.now();
  return {
    steps,
    lap(step) {
      const now = performance.now();
      steps.set(step, (steps.get(step) ?? 0) + now - last);
      last = now;
    },
  };
}
