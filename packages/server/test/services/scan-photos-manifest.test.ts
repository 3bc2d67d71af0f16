import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@spellwell/shared';
import {
  loadPhotoSplit,
  matchKey,
  photoDir,
  photoPath,
  PHOTO_SPLITS,
  scoreWords,
} from '../support/scan-photos.js';

/*
 * The second fixture set is only worth its numbers if every manifest entry is a real image
 * with the words it should give, and the two splits keep apart (bench/scan-photos/words.ts
 * gives each its own half of every word pool). This reads files only: no OCR here.
 */
describe.each(PHOTO_SPLITS)('the %s split of the second scan fixture set', (split) => {
  const fixtures = loadPhotoSplit(split);

  it('has images, each with its file, a language and a non-empty word list', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
    for (const f of fixtures) {
      expect(existsSync(photoPath(split, f)), f.file).toBe(true);
      expect(LANGUAGES, f.file).toContain(f.language);
      expect(f.words.length, f.file).toBeGreaterThan(0);
      expect(
        f.words.every((w) => w.trim() !== ''),
        f.file,
      ).toBe(true);
      expect(new Set(f.words.map(matchKey)).size, f.file).toBe(f.words.length);
    }
    expect(new Set(fixtures.map((f) => f.file)).size).toBe(fixtures.length);
  });

  it('has no image that the manifest does not name', () => {
    const named = new Set(fixtures.map((f) => f.file));
    const images = readdirSync(fileURLToPath(photoDir(split))).filter((f) => /\.(jpe?g|png)$/.test(f));
    expect(images.filter((f) => !named.has(f))).toEqual([]);
  });
});

describe('the two splits', () => {
  it('share no word', () => {
    const [tuning, heldOut] = PHOTO_SPLITS.map((s) => loadPhotoSplit(s));
    const key = (f: { language: string }, w: string) => `${f.language}:${matchKey(w)}`;
    const tuningWords = new Set(tuning!.flatMap((f) => f.words.map((w) => key(f, w))));
    const shared = heldOut!.flatMap((f) => f.words.map((w) => key(f, w))).filter((k) => tuningWords.has(k));
    expect(shared).toEqual([]);
  });
});

describe('the matching rule', () => {
  it('counts a word read in another case, composed form or with spaces around it', () => {
    const s = scoreWords(['February', 'Café', '春天'], [' february ', 'Cafe\u0301', '春天', 'Name:']);
    expect(s.recall).toBe(1);
    expect(s.precision).toBe(0.75);
    expect(s.extra).toEqual(['name:']);
  });

  it('misses a word read with a letter wrong', () => {
    const s = scoreWords(['necessary', 'library'], ['neccessary', 'library']);
    expect(s.recall).toBe(0.5);
    expect(s.missed).toEqual(['necessary']);
  });
});
