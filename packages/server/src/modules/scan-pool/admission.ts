import { HttpError } from '../../lib/errors.js';

export const ADMISSION_MESSAGES = {
  busy: 'Many photos are being read right now. Please try again in a moment.',
  ownBusy: 'Your other photos are still being read. Please wait for them, then try again.',
} as const;

/** Seconds a refused scan is told to wait (`Retry-After`): about one scan's reading. */
export const BUSY_RETRY_AFTER_SECONDS = 10;

/**
 * One parent's scans may hold at most this share of the admission, so another family can
 * still scan while one parent sends many photos at once (a parent's first scan is always let
 * in when there is room).
 */
export const PARENT_SHARE = 0.5;

/** A scan refused for want of room: answered 503 with `Retry-After`. */
export class ScanBusyError extends HttpError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;
  constructor(message: string) {
    super(503, 'busy', message);
  }
}

export interface Admission {
  /** Takes `cost` for `owner`, or throws ScanBusyError at once; release the ticket when done. */
  admit(owner: string, cost: number): { release(): void };
  /** Cost admitted now, across all owners. */
  readonly inUse: number;
}

/**
 * The one global limit on scan work: the costs (scan-cost.ts) of the scans admitted and not yet
 * answered add up to at most `capacity`. Taken before the image is decoded, so the memory the
 * scans can take is set by configuration, whatever arrives; past it, 503 at once.
 */
export function createAdmission(capacity: number): Admission {
  const held = new Map<string, number>();
  let inUse = 0;
  return {
    admit(owner, cost) {
      const own = held.get(owner) ?? 0;
      if (inUse + cost > capacity) throw new ScanBusyError(ADMISSION_MESSAGES.busy);
      if (own > 0 && own + cost > capacity * PARENT_SHARE)
        throw new ScanBusyError(ADMISSION_MESSAGES.ownBusy);
      held.set(owner, own + cost);
      inUse += cost;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          inUse -= cost;
          const left = held.get(owner)! - cost;
          if (left > 0) held.set(owner, left);
          else held.delete(owner);
        },
      };
    },
    get inUse() {
      return inUse;
    },
  };
}
