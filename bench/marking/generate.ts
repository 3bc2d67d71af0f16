/**
 * The marking evaluation's sheets (issue 39): real sheets laid out by the app's own layout,
 * filled in with handwriting fonts, children's mistakes, blank and crossed-out answers, then
 * photographed at an angle, turned, in shadow. Deterministic: a part and an index always give
 * the same photo. The held-out part has its own seeds AND its own fonts, and nothing is tuned
 * on it.
 */
import { answerSlotsFor, type Language } from '@spellwell/shared';
import type { MarkingRequest } from '../../packages/server/src/modules/marking/mark-sheet.js';
import type { FontKey } from '../scan-photos/fonts.js';
import { seeded, type Random } from '../scan-photos/svg.js';
import { photographSheet } from './photo.js';
import type { Written } from './sheet-svg.js';
import { CHINESE, ENGLISH, MALAY, miswrite, misspell } from './words.js';

/**
 * `tuning` and `held-out` are the parts published since the first round (same seeds, same
 * fonts, so their figures stay comparable). `wide` and `wide2` are more tuning: other hands
 * from npm, none of the held-out part's, so a choice is made across many hands, not the tuning
 * part's few. `wide2` (eighth round) brings joined and slanted hands the others lack.
 */
export type Part = 'tuning' | 'wide' | 'wide2' | 'held-out';

export const PARTS: Record<Part, { seed: number; latin: FontKey[]; chinese: FontKey[] }> = {
  tuning: {
    seed: 1,
    latin: ['caveat', 'patrickHand', 'schoolbell'],
    chinese: ['maShanZheng', 'liuJianMaoCao'],
  },
  wide: {
    seed: 500_001,
    latin: ['kalam', 'shadowsIntoLight', 'reenieBeanie', 'handlee', 'comingSoon', 'justAnotherHand'],
    chinese: ['zcoolKuaiLe', 'zcoolXiaoWei'],
  },
  wide2: {
    seed: 700_001,
    latin: [
      'nanumPenScript',
      'architectsDaughter',
      'coveredByYourGrace',
      'nothingYouCouldDo',
      'homemadeApple',
      'annieUseYourTelescope',
    ],
    chinese: ['lxgwWenKaiLite', 'zcoolQingKeHuangYou'],
  },
  'held-out': { seed: 900_001, latin: ['indieFlower', 'gochiHand'], chinese: ['longCang', 'zhiMangXing'] },
};

/** What was really written: the truth a mark is scored against. */
export type Truth = 'correct' | 'misspelled' | 'blank' | 'crossed';

export interface Sample {
  name: string;
  language: Language;
  font: FontKey;
  photo: Buffer;
  request: MarkingRequest;
  truth: { wordId: string; expected: string; written: string; truth: Truth }[];
}

export const SHEET_WORDS = 10;
const LANGUAGES: Language[] = ['English', 'Malay', 'Chinese'];

export function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function answer(
  word: string,
  language: Language,
  random: Random,
): { written: Written; truth: Truth; text: string } {
  const roll = random();
  const wrong = () => (language === 'Chinese' ? miswrite(word, random) : misspell(word, random));
  const cased = (w: string) =>
    language !== 'Chinese' && random.chance(0.1) ? w.charAt(0).toUpperCase() + w.slice(1) : w;
  if (roll < 0.55) {
    const text = cased(word);
    return { written: { kind: 'text', text, crossed: null }, truth: 'correct', text };
  }
  if (roll < 0.8) {
    const text = cased(wrong());
    return { written: { kind: 'text', text, crossed: null }, truth: 'misspelled', text };
  }
  if (roll < 0.9) return { written: { kind: 'blank' }, truth: 'blank', text: '' };
  const text = random.chance(0.7) ? word : wrong();
  const crossed = random.pick(['line', 'scribble'] as const);
  return { written: { kind: 'text', text, crossed }, truth: 'crossed', text };
}

/** Sheet `index` of a part: its photo, the marking request the server would build, the truth. */
export async function generateSample(part: Part, index: number): Promise<Sample> {
  const config = PARTS[part];
  const random = seeded(config.seed + index * 7919);
  const language = LANGUAGES[index % LANGUAGES.length]!;
  const list = language === 'Chinese' ? CHINESE : language === 'Malay' ? MALAY : ENGLISH;
  const fonts = language === 'Chinese' ? config.chinese : config.latin;
  const font = fonts[Math.floor(index / LANGUAGES.length) % fonts.length]!;
  const words = random
    .shuffle(list)
    .slice(0, SHEET_WORDS)
    .map((wordString) => ({ id: uuid(random), wordString, language }));
  const sheetId = uuid(random);
  const slots = answerSlotsFor(words);
  const answers = words.map((w) => answer(w.wordString, language, random));
  const photo = await photographSheet(
    sheetId,
    slots,
    `Spelling list ${index + 1}`,
    answers.map((a) => a.written),
    font,
    random,
  );
  return {
    name: `${part}-${String(index).padStart(2, '0')}-${language}-${font}`,
    language,
    font,
    photo,
    request: { sheetId, slots, words },
    truth: words.map((w, i) => ({
      wordId: w.id,
      expected: w.wordString,
      written: answers[i]!.text,
      truth: answers[i]!.truth,
    })),
  };
}
