/**
 * Issue 18's seventh round: sheets photographed again on a pale desk, with the shadow the seed
 * draws. The sheet is only a little brighter than the desk there, less still in the shade: its
 * edges were too faint to be found, the bright part of the photo was desk and sheet together,
 * and the whole photo was read, grid and all (0 to 29% before), or a table's border was the
 * sharpest outline and taken for the page, which lost the table's outer rules and mixed its
 * columns (precision 77%). docs/history/ocr-rounds.md, "Seventh round: a pale desk".
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
