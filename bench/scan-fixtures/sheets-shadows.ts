/**
 * Issue 18's sixth round: sheets already in the set, photographed again under a deep shadow
 * whose edge crosses the sheet, slanting or straight across (a hand or the phone between the
 * lamp and the page). docs/history/ocr-rounds.md, "Sixth round: shadows across the sheet".
 */
import { SHEETS, type Capture, type Sheet } from './sheets.js';
import { FIFTH_SHEETS } from './sheets-fifth.js';
import { UNSEEN_SHEETS } from './sheets-unseen.js';

const SIXTH = '(6th round, shadow across the sheet)';

type Phone = Extract<Capture, { kind: 'phone' }>;
type Shade = Pick<Phone, 'seed'> & Partial<Pick<Phone, 'shadow' | 'shadowAngle' | 'desk'>>;

/**
 * The sheet called `name`, photographed again under `shade` (what it does not say is drawn
 * from the seed), saved as `${name}-${suffix}`; `round` ends its description.
 */
export function reshot(name: string, suffix: string, shade: Shade, what: string, round = SIXTH): Sheet {
  const sheet = [...SHEETS, ...UNSEEN_SHEETS, ...FIFTH_SHEETS].find((s) => s.name === name);
  if (!sheet || sheet.capture.kind !== 'phone') throw new Error(`no phone sheet called ${name}`);
  return {
    ...sheet,
    name: name.replace(/-phone$/, `-${suffix}-phone`),
    description: `${sheet.description.replace(/ \(\d\w+ round, unseen\)$/, '')}; again, ${what} ${round}`,
    capture: { ...sheet.capture, ...shade, megapixels: 3 },
  };
}

export const SHADOW_SHEETS: Sheet[] = [
  reshot(
    'en-comic-phone',
    'shadow-across',
    { seed: 906, shadow: 0.6, shadowAngle: 90 },
    'its lower third in a shadow with a straight edge across',
  ),
  reshot(
    'ms-serif-shadow-phone',
    'across',
    { seed: 906, shadow: 0.6, shadowAngle: 90 },
    'its last lines under a shadow with a straight edge across',
  ),
  reshot('en-comic-phone', 'shadow-slant', { seed: 904, shadow: 0.55 }, 'a slanting shadow, depth 0.55'),
  reshot('ms-serif-shadow-phone', 'slant', { seed: 904, shadow: 0.55 }, 'a slanting shadow, depth 0.55'),
  reshot('zh-kai-tingxie-phone', 'shadow2', { seed: 901, shadow: 0.62 }, 'another slanting shadow'),
  reshot(
    'zh-mizige-phone',
    'shadow-pale',
    { seed: 906, shadow: 0.6, shadowAngle: 90, desk: 'light' },
    'on a pale desk, its lower half in a shadow with a straight edge across',
  ),
  reshot(
    'zh-kai-tingxie-phone',
    'shadow-above',
    { seed: 908, shadow: 0.6, shadowAngle: 270 },
    'its upper half in a shadow with a straight edge across',
  ),
  reshot(
    'ta-dotted-phone',
    'shadow-across',
    { seed: 905, shadow: 0.6, shadowAngle: 90 },
    'a shadow with a straight edge across',
  ),
];
