import { useSyncExternalStore } from 'react';

/**
 * Whether the page's first screen (a practice's first question) has been drawn. What the
 * screen does not need yet waits for it: the service worker and the code of dialogs and of
 * the finish screen. Each was a request and a script on a phone's way to the first question
 * (Lighthouse's practice page, docs/performance.md). What a lost connection would need (the
 * outbox, kept answers) still loads at once. A page that never says so counts as drawn after
 * FALLBACK_MS, so nothing waits for ever.
 */
const FALLBACK_MS = 3_000;

let drawn = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Says the first screen is up (see afterPaint). */
export function firstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  clearTimeout(fallback);
  listeners.forEach((listener) => listener());
  listeners.clear();
}

function subscribe(listener: () => void): () => void {
  if (drawn) return () => undefined;
  fallback ??= setTimeout(firstScreenDrawn, FALLBACK_MS);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once the first screen has been drawn. */
export function whenFirstScreenDrawn(): Promise<void> {
  return new Promise((resolve) => {
    if (drawn) resolve();
    else subscribe(resolve);
  });
}

/** True once the first screen has been drawn. */
export function useFirstScreenDrawn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => drawn,
    () => false,
  );
}

/**
 * How long after its frame a screen counts as shown. A frame's callbacks run before it is
 * painted, and the painted frame reaches the screen later still: in Lighthouse's traces the
 * first question was shown 20 to 30 ms after a callback two frames on. Nothing deferred here is
 * urgent, so a margin costs nothing.
 */
const SHOWN_AFTER_MS = 300;

/**
 * Runs `work` once the screen just committed has been painted and shown. Returns a cancel
 * function (an effect's cleanup).
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(work, SHOWN_AFTER_MS);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
