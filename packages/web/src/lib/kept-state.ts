/**
 * Whether the page is showing answers SpellWell kept from an earlier visit because the server
 * could not be reached (lib/kept-answers.ts), and from when: the dashboard says so ("Offline —
 * showing what SpellWell had at 10:42"). Here, tiny and without the cache code, because the
 * API client in the entry chunk sets it.
 */
let keptAt: number | null = null;
const listeners = new Set<() => void>();

export const keptSince = () => keptAt;

export function subscribeKept(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An answer came from the kept copy made at `at` (the oldest shown wins), or live (null). */
export function setKept(at: number | null): void {
  const next = at === null ? null : Math.min(at, keptAt ?? at);
  if (next === keptAt) return;
  keptAt = next;
  listeners.forEach((listener) => listener());
}
