import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@spellwell/shared';

const require = createRequire(import.meta.url);

/** Tesseract's codes for our languages; each has its own npm data package. */
export const TESSERACT_CODES: Record<Language, string> = {
  English: 'eng',
  Chinese: 'chi_sim',
  Malay: 'msa',
  Tamil: 'tam',
};

/**
 * The installed `4.0.0_best_int` folder of a language's data package: LSTM-only models, about
 * half the memory of `4.0.0` and as accurate on our sheets. Given to tesseract.js as
 * `langPath`, so nothing is downloaded at run time.
 */
export function languageDataPath(language: Language): string {
  const code = TESSERACT_CODES[language];
  const packageJson = require.resolve(`@tesseract.js-data/${code}/package.json`);
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
}
