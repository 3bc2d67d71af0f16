import { addDays, differenceInCalendarDays, format, isValid, parse, parseISO } from 'date-fns';

/** Calendar dates travel as ISO strings, "yyyy-MM-dd", never as instants. */
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
/** Word-set rows on the dashboard: "Mon, 05 Jan 2025". */
export const DISPLAY_DATE_FORMAT = 'eee, dd MMM yyyy';
/** Official test labels: "05/01/2025". */
export const OFFICIAL_DATE_FORMAT = 'dd/MM/yyyy';

export const DEFAULT_TIME_ZONE = 'Asia/Singapore';
export const TIME_ZONE_HEADER = 'x-time-zone';

const REFERENCE = new Date(2000, 0, 1);

/**
 * Local midnight of a date already validated (isIsoDate), as `parse(iso, 'yyyy-MM-dd')` gives
 * it and `new Date(iso)` does not (that is UTC midnight). parseISO rather than the general
 * `parse`: grading parses four dates, and `parse` showed in a grade's profile
 * (docs/performance.md).
 */
export function parseIsoDate(iso: string): Date {
  return parseISO(iso);
}

/** Input checking keeps the strict parser: it refuses year 0000, which parseISO accepts. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = parse(value, ISO_DATE_FORMAT, REFERENCE);
  return isValid(date) && format(date, ISO_DATE_FORMAT) === value;
}

export function addDaysIso(iso: string, days: number): string {
  return format(addDays(parseIsoDate(iso), days), ISO_DATE_FORMAT);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseIsoDate(to), parseIsoDate(from));
}

export function formatDisplayDate(iso: string): string {
  return format(parseIsoDate(iso), DISPLAY_DATE_FORMAT);
}

export function formatOfficialDate(iso: string): string {
  return format(parseIsoDate(iso), OFFICIAL_DATE_FORMAT);
}

// Building an Intl.DateTimeFormat costs far more than using one (measured: it dominated a
// read route), so keep one per time zone. Time zones are a small, closed set.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    dayFormatter(value);
    return true;
  } catch {
    return false;
  }
}

// Every time zone's offset is a whole number of minutes, so a local day starts on a minute:
// within one UTC minute the answer cannot change. formatToParts was a tenth of a cached
// dashboard read's time (docs/performance.md).
const lastLocalDate = new Map<string, { minute: number; date: string }>();

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
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
