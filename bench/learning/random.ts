/** Seeded randomness, so `npm run sim -- --seed N` reproduces every table exactly. */
export type Random = () => number;

export function seeded(...parts: number[]): Random {
  // mulberry32, seeded by mixing every part of the key
  let state = parts.reduce((h, n) => Math.imul(h ^ (n + 0x9e3779b9), 0x85ebca6b) >>> 0, 0x12345678);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export const logNormal = (random: Random, mu: number, sigma: number) => Math.exp(mu + sigma * normal(random));
export const uniform = (random: Random, low: number, high: number) => low + (high - low) * random();
