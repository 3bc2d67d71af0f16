import type { Language } from './languages.js';
import { parseWordList } from './text.js';
import { understandList } from './word-list/index.js';

/*
 * The word list in OCR'd text, for callers that have only the text of each line: the list
 * stage (word-list/understand-list.ts) without layout, confidence or the doubtful flag.
 */

/** An entry of the cleaned list and the index of the OCR line it came from. */
export interface CleanEntry {
  text: string;
  source: number;
}

/**
 * OCR lines to a clean word list, in the order read, each entry with the line it came from.
 * With a language, what is not written in its script goes (pinyin above Chinese, an English
 * meaning beside a Tamil word).
 */
export function cleanWordEntries(ocrLines: readonly string[], language?: Language): CleanEntry[] {
  return understandList(
    ocrLines.map((text) => ({ text })),
    language,
  ).entries.map(({ text, source }) => ({ text, source }));
}

/** OCR text to a clean word list, in the order read. */
export function cleanWordList(ocrText: string, language?: Language): string[] {
  return parseWordList(
    cleanWordEntries(ocrText.split(/\r?\n/), language)
      .map((entry) => entry.text)
      .join('\n'),
  );
}
