import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normaliseWord, type Language } from '@spellwell/shared';

/**
 * The second scan fixture set (packages/server/test/fixtures/scans-v2), made by
 * bench/scan-photos/generate.ts apart from the first: a `tuning` split to work on and a
 * `held-out` split that no change to the scanner is ever tuned on (see each split's README).
 */
export type PhotoSplit =
  | 'tuning'
  | 'held-out'
  | 'tuning-b'
  | 'tuning-c'
  | 'tuning-d'
  | 'tuning-e'
  | 'tuning-f'
  | 'tuning-g'
  | 'tuning-h'
  | 'tuning-i'
  | 'tuning-j'
  | 'tuning-k'
  | 'tuning-l'
  | 'tuning-m'
  | 'tuning-n'
  | 'tuning-o';
/** The committed splits. */
export const PHOTO_SPLITS: readonly PhotoSplit[] = ['tuning', 'held-out'];
/**
 * Fresh tuning material made again from its seed into a gitignored folder (round 18):
 * `npx tsx bench/scan-photos/generate.ts tuning-b`. Absent until made. `tuning-d` (round 19) is
 * a check split: only its summary is read while choosing, as a second held-out that may be spent;
 * `tuning-e` more tuning material; `tuning-f` (round 20) a fresh check split, tuning-d spent;
 * `tuning-g` (round 22) a fresh check split again, once rounds 20 and 21 had read tuning-f's
 * summary, then tuning material once its summary was read; `tuning-h` (round 22) its check split;
 * `tuning-i` (round 22) more tuning material; `tuning-j` (round 23) a second check split;
 * `tuning-k` (round 23) more tuning material; `tuning-l` (round 24) more tuning material and
 * `tuning-m` (round 24) a fresh check split; `tuning-j`'s rows were read in round 24, so it is
 * tuning material from then on. `tuning-n` (round 26) is more tuning material and `tuning-o`
 * (round 26) was a fresh check split: its summary read before and after round 26, it is tuning
 * material from then on.
 */
export const GENERATED_SPLITS: readonly PhotoSplit[] = [
  'tuning-b',
  'tuning-c',
  'tuning-d',
  'tuning-e',
  'tuning-f',
  'tuning-g',
  'tuning-h',
  'tuning-i',
  'tuning-j',
  'tuning-k',
  'tuning-l',
  'tuning-m',
  'tuning-n',
  'tuning-o',
];

export interface PhotoFixture {
  file: string;
  language: Language;
  /** flat: a saved page; phone: a photo; screenshot: a chat app's screenshot. */
  kind: 'flat' | 'phone' | 'screenshot';
  /** How it was photographed or what it shows: curl, laptop-screen, rotated, chat… */
  family: string;
  description: string;
  words: string[];
}

export const photoDir = (split: PhotoSplit) => new URL(`../fixtures/scans-v2/${split}/`, import.meta.url);

export function loadPhotoSplit(split: PhotoSplit): PhotoFixture[] {
  const manifest = new URL('manifest.json', photoDir(split));
  if (!existsSync(manifest)) return [];
  return JSON.parse(readFileSync(manifest, 'utf8')) as PhotoFixture[];
}

export const photoPath = (split: PhotoSplit, fixture: PhotoFixture) =>
  fileURLToPath(new URL(fixture.file, photoDir(split)));

export const readPhoto = (split: PhotoSplit, fixture: PhotoFixture): Buffer =>
  readFileSync(photoPath(split, fixture));

/** The matching rule of the evaluation: NFC, invisible marks dropped, trimmed, case-insensitive. */
export const matchKey = (word: string) => normaliseWord(word).toLocaleLowerCase('en');

export interface WordScore {
  recall: number;
  precision: number;
  missed: string[];
  extra: string[];
}

/** Recall: expected words read exactly; precision: words returned that are expected words. */
export function scoreWords(expected: readonly string[], found: readonly string[]): WordScore {
  const want = new Map(expected.map((w) => [matchKey(w), normaliseWord(w)]));
  const got = found.map(matchKey).filter((w) => w !== '');
  const missed = [...want].filter(([key]) => !got.includes(key)).map(([, word]) => word);
  const extra = got.filter((w) => !want.has(w));
  return {
    recall: want.size === 0 ? 1 : (want.size - missed.length) / want.size,
    precision: got.length === 0 ? 0 : (got.length - extra.length) / got.length,
    missed,
    extra,
  };
}
