/**
 * The second fixture generator (issue 33): photos of word lists taken the way other people
 * take them, made apart from bench/scan-fixtures (its own renderer, resvg with npm fonts, and
 * its own camera), into splits with their own seeds and their own halves of the word pools:
 *
 *   npx tsx bench/scan-photos/generate.ts tuning|held-out|tuning-b|tuning-c|tuning-d|tuning-e|tuning-f|tuning-g|tuning-h|tuning-i|tuning-j|tuning-k|tuning-l|tuning-m|tuning-n|tuning-o [name-filter]
 *
 * writes packages/server/test/fixtures/scans-v2/<split>/ and its manifest.json (or
 * $SCAN_PHOTOS_OUT/<split>/). The held-out
 * split is made once and committed; a later run must only ADD images (see its README).
 * `tuning-b` and `tuning-c` (issue 33, round 18) are fresh tuning material once `tuning` was
 * fitted: the same recipes with new seeds, drawing from the tuning half of the word pools. They
 * are not committed (16 MB each): they are made again from their seed into a gitignored folder.
 * `tuning-d` (round 19) is made the same way as a check split: only its summary line is read
 * while a change is chosen, so a fix fitted to tuning-c shows whether it carries over.
 * `tuning-e` (round 19) is more tuning material, once tuning-c's misses were fixed.
 * `tuning-f` (round 20) is a fresh check split like `tuning-d`, which was spent: summary only.
 * `tuning-g` (round 22) is another, made once rounds 20 and 21 had chosen with tuning-f's summary;
 * its summary read once, it became tuning material, and `tuning-h` (round 22) its check split.
 * `tuning-i` (round 22) is more tuning material; `tuning-j` (round 23) a second check split beside
 * `tuning-h`, summary only, and `tuning-k` (round 23) more tuning material. `tuning-l` (round 24)
 * is more tuning material and `tuning-m` (round 24) a fresh check split, summary only; `tuning-j`'s
 * rows were read in round 24 (a regression found), so it is tuning material from then on.
 * `tuning-n` (round 26) is more tuning material and `tuning-o` (round 26) was a fresh check
 * split: its summary read before and after round 26, it is tuning material from then on.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '@spellwell/shared';
import sharp from 'sharp';
import { photograph } from './camera.js';
import { drawFamily, type Family } from './families.js';
import { renderSvg } from './render.js';
import { seeded } from './svg.js';
import { prepareTamil } from './tamil.js';
import { poolFor } from './words.js';
import type { PhotoSplit as Split } from '../../packages/server/test/support/scan-photos.js';

const SEEDS: Record<Split, number> = {
  tuning: 33_101,
  'held-out': 33_202,
  'tuning-b': 33_303,
  'tuning-c': 33_404,
  'tuning-d': 33_505,
  'tuning-e': 33_606,
  'tuning-f': 33_707,
  'tuning-g': 33_808,
  'tuning-h': 33_909,
  'tuning-i': 34_010,
  'tuning-j': 34_111,
  'tuning-k': 34_212,
  'tuning-l': 34_313,
  'tuning-m': 34_414,
  'tuning-n': 34_515,
  'tuning-o': 34_616,
};
/** Only the held-out split draws from the held-out half of the pools. */
const POOL_HALF: Record<Split, 'tuning' | 'held-out'> = {
  tuning: 'tuning',
  'held-out': 'held-out',
  'tuning-b': 'tuning',
  'tuning-c': 'tuning',
  'tuning-d': 'tuning',
  'tuning-e': 'tuning',
  'tuning-f': 'tuning',
  'tuning-g': 'tuning',
  'tuning-h': 'tuning',
  'tuning-i': 'tuning',
  'tuning-j': 'tuning',
  'tuning-k': 'tuning',
  'tuning-l': 'tuning',
  'tuning-m': 'tuning',
  'tuning-n': 'tuning',
  'tuning-o': 'tuning',
};

/** The families and languages of one split: English and Chinese most, as parents use them. */
const RECIPES: [Family, Language][] = [
  ['curl', 'English'],
  ['curl', 'Chinese'],
  ['curl', 'Malay'],
  ['curl', 'Tamil'],
  ['laptop-screen', 'English'],
  ['laptop-screen', 'Chinese'],
  ['laptop-screen', 'Malay'],
  ['phone-screen', 'English'],
  ['phone-screen', 'Chinese'],
  ['rotated', 'English'],
  ['rotated', 'Chinese'],
  ['rotated', 'English'],
  ['rotated', 'Malay'],
  ['rotated', 'Tamil'],
  ['rotated', 'Chinese'],
  ['motion-8mp', 'English'],
  ['motion-8mp', 'Chinese'],
  ['motion-8mp', 'Tamil'],
  ['low-light', 'English'],
  ['low-light', 'Chinese'],
  ['low-light', 'Malay'],
  ['handwriting', 'English'],
  ['handwriting', 'English'],
  ['handwriting', 'Chinese'],
  ['handwriting', 'Chinese'],
  ['handwriting', 'Malay'],
  ['handwriting', 'Tamil'],
  ['chat', 'English'],
  ['chat', 'English'],
  ['chat', 'Chinese'],
  ['chat', 'Chinese'],
  ['chat', 'Malay'],
  ['chat', 'Tamil'],
  ['meaning', 'English'],
  ['meaning', 'Chinese'],
  ['meaning', 'Malay'],
  ['meaning', 'Tamil'],
  ['meaning', 'English'],
  ['blanks', 'English'],
  ['blanks', 'Chinese'],
  ['booklet', 'English'],
  ['booklet', 'Chinese'],
  // Added later: recipes are only ever appended, so the images above are made as before.
  ['whiteboard', 'English'],
  ['whiteboard', 'Chinese'],
  ['doc-screenshot', 'English'],
  ['doc-screenshot', 'Malay'],
];

const CODE: Record<Language, string> = { English: 'en', Chinese: 'zh', Malay: 'ms', Tamil: 'ta' };

export interface PhotoFixture {
  file: string;
  language: Language;
  kind: 'flat' | 'phone' | 'screenshot';
  family: Family;
  description: string;
  words: string[];
}

async function main() {
  const split = process.argv[2] as Split;
  if (!(split in SEEDS)) throw new Error(`usage: generate.ts ${Object.keys(SEEDS).join('|')} [name-filter]`);
  const filter = process.argv[3] ?? '';
  // SCAN_PHOTOS_OUT writes elsewhere, e.g. to check that a change leaves old images as they are.
  const out = process.env.SCAN_PHOTOS_OUT
    ? `${process.env.SCAN_PHOTOS_OUT}/${split}/`
    : fileURLToPath(new URL(`../../packages/server/test/fixtures/scans-v2/${split}/`, import.meta.url));
  mkdirSync(out, { recursive: true });
  const manifestPath = `${out}manifest.json`;
  const manifest: PhotoFixture[] = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as PhotoFixture[])
    : [];
  for (const [index, [family, language]] of RECIPES.entries()) {
    const random = seeded(SEEDS[split] * 1000 + index);
    const entries = random.shuffle(poolFor(language, POOL_HALF[split])).slice(0, random.int(8, 14));
    const draw = drawFamily(family, language, entries, random);
    const base = `${CODE[language]}-${family}-${String(index + 1).padStart(2, '0')}`;
    const file = `${base}.${draw.shot === null && draw.kind === 'screenshot' && random.chance(0.5) ? 'png' : 'jpg'}`;
    if (!file.includes(filter)) continue;
    // What the image shows: a chat cut by its input bar shows only the words above it.
    const words = draw.words ?? entries.map((e) => e.word);
    const made = manifest.find((m) => m.file === file);
    if (made) {
      // The image stays as it is; only a word list that claimed words it does not show is put right.
      const same = made.words.length === words.length && made.words.every((w, i) => w === words[i]);
      if (!same) made.words = words;
      console.info(
        `${file}: already made, left as it is${same ? '' : `; its words put right (${words.length})`}`,
      );
      continue;
    }
    const start = performance.now();
    const subject = await renderSvg(draw.svg, draw.fonts, draw.renderWidth);
    const raw = sharp(subject.data, { raw: { width: subject.width, height: subject.height, channels: 3 } });
    const saved = file.endsWith('.png') ? raw.png({ quality: 88 }) : raw.jpeg({ quality: 88 });
    const bytes = draw.shot === null ? await saved.toBuffer() : await photograph(subject, draw.shot, random);
    writeFileSync(`${out}${file}`, bytes);
    manifest.push({
      file,
      language,
      kind: draw.kind,
      family,
      description: draw.description,
      words,
    });
    console.info(
      `${file}: ${(bytes.length / 1024).toFixed(0)} KB in ${((performance.now() - start) / 1000).toFixed(1)} s — ${draw.description}`,
    );
  }
  // In recipe order (the number in the name), whichever run made each image.
  const order = (f: PhotoFixture) => Number(/-(\d+)\./.exec(f.file)?.[1] ?? 0);
  manifest.sort((a, b) => order(a) - order(b));
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

await prepareTamil();
await main();
