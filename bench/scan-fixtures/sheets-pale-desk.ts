/**
 * Issue 18's seventh round: sheets photographed again on a pale desk, with the shadow the seed
 * draws, so the sheet is only a little brighter than the desk. docs/history/ocr-rounds.md,
 * "Seventh round: a pale desk".
 */
import type { Sheet } from './sheets.js';
import { reshot } from './sheets-shadows.js';

const SEVENTH = '(7th round, pale desk)';

export const PALE_DESK_SHEETS: Sheet[] = [
  reshot('zh-mizige-phone', 'pale', { seed: 913, desk: 'light' }, 'on a pale desk', SEVENTH),
  reshot('zh-tianzige-purple-phone', 'pale', { seed: 913, desk: 'light' }, 'on a pale desk', SEVENTH),
  reshot('zh-mizige-blue-phone', 'pale', { seed: 913, desk: 'light' }, 'on a pale desk', SEVENTH),
  reshot('ms-table-phone', 'pale', { seed: 915, desk: 'light' }, 'on a pale desk', SEVENTH),
];
