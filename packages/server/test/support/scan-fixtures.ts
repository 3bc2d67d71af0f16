import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normaliseWord, type Language } from '@spellwell/shared';

/**
 * The committed scan fixture set (packages/server/test/fixtures/scans): realistic worksheet
 * images, made by bench/scan-fixtures/generate.ts, and the words a parent wants from each.
 * Tests only read these files, so system fonts do not matter when they run.
 */
export interface ScanFixture {
  file: string;
  language: Language;
  /** flat: a scanned or saved page; phone: a photo of it on a desk; screenshot: a chat app. */
  kind: 'flat' | 'phone' | 'screenshot';
  description: string;
  words: string[];
}

const DIR = new URL('../fixtures/scans/', import.meta.url);

export const SCAN_FIXTURES: readonly ScanFixture[] = JSON.parse(
  readFileSync(new URL('manifest.json', DIR), 'utf8'),
) as ScanFixture[];

export const readFixture = (fixture: ScanFixture): Buffer =>
  readFileSync(fileURLToPath(new URL(fixture.file, DIR)));

/** The targets of issue 18, per image. */
export const TARGETS: Record<ScanFixture['kind'], { recall: number; precision: number }> = {
  flat: { recall: 0.95, precision: 0.9 },
  phone: { recall: 0.9, precision: 0.9 },
  screenshot: { recall: 0.95, precision: 0.8 },
};

export interface Score {
  recall: number;
  precision: number;
  missed: string[];
  extra: string[];
}

/** Recall: expected words read exactly; precision: lines returned that are expected words. */
export function score(expected: readonly string[], found: readonly string[]): Score {
  const want = new Set(expected.map(normaliseWord));
  const got = found.map(normaliseWord);
  const missed = [...want].filter((word) => !got.includes(word));
  const extra = got.filter((line) => !want.has(line));
  return {
    recall: (want.size - missed.length) / want.size,
    precision: got.length === 0 ? 0 : (got.length - extra.length) / got.length,
    missed,
    extra,
  };
}
