import type { OutboxState } from './parent-outbox';

/**
 * The outbox's code (parent-outbox.ts) for the practice page: fetched just after the page's own
 * (its initial JavaScript has a budget), and asked for as soon as the page's code runs, so it
 * is in before the first grade needs it, even if the network goes soon after.
 */
let loading: Promise<typeof import('./parent-outbox')> | undefined;
let loaded: typeof import('./parent-outbox') | undefined;
export const outbox = () =>
  (loading ??= import('./parent-outbox').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Asked again later (the network back), not refused for good.
      loading = undefined;
      throw error;
    },
  ));

/*
 * The outbox's state for the offline banner, which is part of the page: the banner must be
 * there whenever the network goes, even before this code has arrived (nothing waits then).
 */
const NOTHING_WAITING: OutboxState = { waiting: 0, refused: [], synced: 0 };

export const outboxState = (): OutboxState => loaded?.outboxState() ?? NOTHING_WAITING;

export function subscribeOutbox(listener: () => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let closed = false;
  outbox().then(
    (module) => {
      if (closed) return;
      unsubscribe = module.subscribeOutbox(listener);
      listener();
    },
    () => undefined,
  );
  return () => {
    closed = true;
    unsubscribe?.();
  };
}

/** Sends what waits; without the outbox's code there is nothing waiting to send. */
export const flushOutbox = () =>
  outbox().then(
    (module) => module.flushOutbox(),
    () => undefined,
  );
export const dismissRefused = () => outbox().then((module) => module.dismissRefused());
