import type { DEFAULT_TIME_ZONE as SharedDefault, TIME_ZONE_HEADER as SharedHeader } from '@spellwell/shared';

// The shared package's values, restated so the entry chunk does not pull in its date library;
// the types tie them to the shared constants, so a change there fails the type check here.
export const TIME_ZONE_HEADER: typeof SharedHeader = 'x-time-zone';
const DEFAULT_TIME_ZONE: typeof SharedDefault = 'Asia/Singapore';

/** The parent's IANA time zone: "today" for reviews and streaks is their local day. */
export function browserTimeZone(): string {
  try {
    // Temporal, where the browser has it, answers at once; Intl's first DateTimeFormat loads
    // locale data first, the practice page's longest task on a slow phone (docs/performance.md).
    const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;
    return (
      temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE
    );
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
