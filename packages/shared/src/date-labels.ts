import { format } from 'date-fns';
import { parseIsoDate } from './dates.js';

/*
 * Dates written for people. Apart from dates.ts: date-fns's general `format` and its locale
 * are about 5 KB gzipped, and the practice page, which needs dates.ts, shows none of these.
 */

/** Word-set rows on the dashboard: "Mon, 05 Jan 2025". */
export const DISPLAY_DATE_FORMAT = 'eee, dd MMM yyyy';
/** Official test labels: "05/01/2025". */
export const OFFICIAL_DATE_FORMAT = 'dd/MM/yyyy';

export function formatDisplayDate(iso: string): string {
  return format(parseIsoDate(iso), DISPLAY_DATE_FORMAT);
}

export function formatOfficialDate(iso: string): string {
  return format(parseIsoDate(iso), OFFICIAL_DATE_FORMAT);
}
