import { WORDS_MAX } from './messages.js';

// OCR and phone keyboards leave invisible characters (Tamil OCR adds U+200C after some
// letters); they would make two identical-looking words differ.
const INVISIBLE = /[\u200B-\u200D\uFEFF]/g;

/** One word or phrase as it is stored and compared: NFC, no invisible characters, one space. */
export function normaliseWord(raw: string): string {
  return raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Newline-separated text to a word list: trimmed, blank lines dropped, duplicates dropped
 * (keeping the first). Capped a little above the limit so validation can still say "too many"
 * without a hostile body making us build a huge array.
 */
export function parseWordList(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const word = normaliseWord(line);
    if (word === '' || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
    if (words.length > WORDS_MAX) break;
  }
  return words;
}

export function joinWordList(words: readonly string[]): string {
  return words.join('\n');
}
