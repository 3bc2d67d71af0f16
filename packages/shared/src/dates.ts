import { addDays, differenceInCalendarDays, formatISO, isValid, parseISO } from 'date-fns';
import { BoundedMap } from './bounded-map.js';

// Calendar dates travel as ISO strings, "yyyy-MM-dd", never as instants.

export const DEFAULT_TIME_ZONE = 'Asia/Singapore';
export const TIME_ZONE_HEADER = 'x-time-zone';

/**
 * Local midnight of a date already validated (isIsoDate), as `parse(iso, 'yyyy-MM-dd')` gives
 * it and `new Date(iso)` does not (that is UTC midnight). parseISO rather than the general
 * `parse`: grading parses four dates, and `parse` showed in a grade's profile
 * (docs/performance.md).
 */
export function parseIsoDate(iso: string): Date {
  return parseISO(iso);
}

/**
 * A real calendar date written yyyy-MM-dd. Checked field by field rather than with date-fns's
 * general `parse`, whose format parsers cost the web bundle about 5 KB gzipped; year 0000 is
 * refused, as that strict parser refused it (parseISO alone accepts it).
 */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year === 0) return false;
  const date = parseISO(value);
  return (
    isValid(date) && date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
  );
}

/**
 * formatISO, not `format(date, 'yyyy-MM-dd')`: the same string without date-fns's general
 * formatter and its locale, which would otherwise reach the practice page through the
 * scheduler (labels for people are in date-labels.ts).
 */
export function addDaysIso(iso: string, days: number): string {
  return formatISO(addDays(parseIsoDate(iso), days), { representation: 'date' });
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseIsoDate(to), parseIsoDate(from));
}

// Building an Intl.DateTimeFormat costs far more than using one (measured: it dominated a
// read route), so keep one per time zone. Zone names come from a request header, and Intl
// accepts each in any letter case ("aSIA/sINGAPORE"), so every cache here is keyed by the
// canonical name Intl resolves (or the lower-cased spelling) and holds a bounded number of
// entries: a client inventing new spellings churns them, it cannot grow them
// (docs/security.md).
/** Entries each time-zone cache keeps at most (IANA has about 600 names, counting aliases). */
export const TIME_ZONE_CACHE_MAX = 1000;
const formatters = new BoundedMap<string, Intl.DateTimeFormat>(TIME_ZONE_CACHE_MAX);
/** Lower-cased spelling to canonical name; null when Intl refused it. */
const canonicalNames = new BoundedMap<string, string | null>(TIME_ZONE_CACHE_MAX);

const newDayFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = newDayFormatter(timeZone);
    formatters.set(formatter.resolvedOptions().timeZone, formatter);
  }
  return formatter;
}

/**
 * The canonical name of an IANA time zone given in any letter case ("asia/singapore" gives
 * "Asia/Singapore"), or null when it is not one.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length === 0 || value.length > 64) return null;
  const spelling = value.toLowerCase();
  const known = canonicalNames.get(spelling);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = newDayFormatter(value).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  canonicalNames.set(spelling, canonical);
  return canonical;
}

export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

// Every time zone's offset is a whole number of minutes, so a local day starts on a minute:
// within one UTC minute the answer cannot change. formatToParts was a tenth of a cached
// dashboard read's time (docs/performance.md).
const lastLocalDate = new BoundedMap<string, { minute: number; date: string }>(TIME_ZONE_CACHE_MAX);

/** How many entries the time-zone caches hold now (the security tests bound them). */
export function timeZoneCacheSizes(): { formatters: number; spellings: number; localDates: number } {
  return { formatters: formatters.size, spellings: canonicalNames.size, localDates: lastLocalDate.size };
}

/** The calendar day it is at `instant` in `timeZone`, as "yyyy-MM-dd". */
export function localDate(timeZone: string, instant: Date = new Date()): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastLocalDate.get(timeZone);
  if (last && last.minute === minute) return last.date;
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  lastLocalDate.set(timeZone, { minute, date });
  return date;
}

/** The browser's own time zone, or Singapore's when it cannot tell. */
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
