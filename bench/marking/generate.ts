/**
 * The marking evaluation's sheets (issue 39): real sheets laid out by the app's own layout,
 * filled in with handwriting fonts, children's mistakes, blank and crossed-out answers, then
 * photographed at an angle, turned, in shadow. Deterministic: a part and an index always give
 * the same photo. The held-out part has its own seeds AND its own fonts, and nothing is tuned
 * on it.
 */
import { answerSlotsFor, layOutSheet, type Language } from '@spellwell/shared';
import type { MarkingRequest } from '../../packages/server/src/plugins/app/marking/mark-sheet.js';
import { photograph, type Scene, type Shot } from '../scan-photos/camera.js';
import { fontFiles, type FontKey } from '../scan-photos/fonts.js';
import { renderSvg } from '../scan-photos/render.js';
import { seeded, type Random } from '../scan-photos/svg.js';
import { filledSheetSvg, PAPER, type Written } from './sheet-svg.js';
import { CHINESE, ENGLISH, MALAY, miswrite, misspell } from './words.js';

export type Part = 'tuning' | 'held-out';

export const PARTS: Record<Part, { seed: number; latin: FontKey[]; chinese: FontKey[] }> = {
  tuning: { seed: 1, latin: ['caveat', 'patrickHand', 'schoolbell'], chinese: ['maShanZheng', 'liuJianMaoCao'] },
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

function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function answer(word: string, language: Language, random: Random): { written: Written; truth: Truth; text: string } {
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

/** The page's four corners in the frame: centred with some play, tilted, a little keystoned. */
function corners(random: Random, W: number, H: number): [number, number][] {
  const aspect = PAPER.height / PAPER.width;
  let ph = H * random.range(0.78, 0.92);
  let pw = ph / aspect;
  if (pw > W * 0.92) {
    pw = W * 0.92;
    ph = pw * aspect;
  }
  const cx = W / 2 + random.range(-0.03, 0.03) * W;
  const cy = H / 2 + random.range(-0.03, 0.03) * H;
  const a = (random.range(-10, 10) * Math.PI) / 180;
  const key = random.range(-0.08, 0.08);
  const base: [number, number][] = [
    [(-pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 + key), ph / 2],
    [(-pw / 2) * (1 + key), ph / 2],
  ];
  const s = Math.min(1, (0.96 * Math.min(W, H)) / Math.max(pw, ph));
  return base.map(([x, y]) => [
    cx + s * (x * Math.cos(a) - y * Math.sin(a)),
    cy + s * (x * Math.sin(a) + y * Math.cos(a)),
  ]);
}

const CAMERAS = [
  { W: 1512, H: 2016, jpeg: 80 },
  { W: 1200, H: 1600, jpeg: 78 },
  { W: 1836, H: 2448, jpeg: 72 },
];

function shot(random: Random): Shot {
  const cam = random.pick(CAMERAS);
  return {
    width: cam.W,
    height: cam.H,
    scene: random.pick<Scene>(['linen', 'gingham', 'carpet', 'laminate', 'bedsheet', 'granite']),
    corners: corners(random, cam.W, cam.H),
    curl: random.chance(0.15) ? { edge: random.pick(['right', 'bottom', 'left'] as const), amount: random.range(0.05, 0.15) } : null,
    gutter: 0,
    screen: false,
    light: {
      gain: random.range(0.8, 1.05),
      cast: [1, random.range(0.96, 1), random.range(0.88, 0.98)],
      vignette: random.range(0.05, 0.3),
      gradient: random.range(0, 0.35),
      handShadow: random.chance(0.4),
    },
    glare: 0,
    motion: null,
    blur: random.range(0.4, 1),
    noise: random.range(2, 5),
    jpeg: cam.jpeg,
    rotate: random.pick([0, 0, 0, 90, 180, 270] as const),
  };
}

let fontsReady: Promise<void> | undefined;

/**
 * Every family's TrueType pieces, one family at a time: the WOFF2 decoder reuses its memory, and
 * two families decoded at once (renderSvg asks for its fonts together) wrote broken files.
 */
function prepareFonts(): Promise<void> {
  fontsReady ??= (async () => {
    for (const { latin, chinese } of Object.values(PARTS))
      for (const font of [...latin, ...chinese, 'notoSans' as const]) await fontFiles(font);
  })();
  return fontsReady;
}

/** Sheet `index` of a part: its photo, the marking request the server would build, the truth. */
export async function generateSample(part: Part, index: number): Promise<Sample> {
  await prepareFonts();
  const config = PARTS[part];
  const random = seeded(config.seed + index * 7919);
  const language = LANGUAGES[index % LANGUAGES.length]!;
  const list = language === 'Chinese' ? CHINESE : language === 'Malay' ? MALAY : ENGLISH;
  const fonts = language === 'Chinese' ? config.chinese : config.latin;
  const font = fonts[Math.floor(index / LANGUAGES.length) % fonts.length]!;
  const words = random.shuffle(list).slice(0, SHEET_WORDS).map((wordString) => ({ id: uuid(random), wordString, language }));
  const sheetId = uuid(random);
  const slots = answerSlotsFor(words);
  const page = layOutSheet(sheetId, slots)[0]!;
  const answers = words.map((w) => answer(w.wordString, language, random));
  const svg = filledSheetSvg(page, `Spelling list ${index + 1}`, answers.map((a) => a.written), font, random);
  const rendered = await renderSvg(svg, [font, 'notoSans'], PAPER.width * 6);
  const photo = await photograph(rendered, shot(random), random);
  return {
    name: `${part}-${String(index).padStart(2, '0')}-${language}-${font}`,
    language,
    font,
    photo,
    request: { sheetId, slots, words },
    truth: words.map((w, i) => ({ wordId: w.id, expected: w.wordString, written: answers[i]!.text, truth: answers[i]!.truth })),
  };
}
