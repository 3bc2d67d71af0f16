import type { Language } from '../languages.js';
import { parseWordLine, type WordEntry } from './reading-syntax.js';

/**
 * A word list's lines (from `parseWordList`) to words and the readings the parent wrote.
 * Only Chinese lists carry readings; in any other language a line is the word, as before.
 * Two lines for one word keep the first, as `parseWordList` does for plain duplicates.
 * A line with a malformed reading is kept whole here: the schema has already refused it.
 */
export function parseWordEntries(lines: readonly string[], language: Language): WordEntry[] {
  if (language !== 'Chinese') return lines.map((word) => ({ word, reading: null }));
  const seen = new Set<string>();
  const entries: WordEntry[] = [];
  for (const line of lines) {
    const parsed = parseWordLine(line);
    const entry = parsed.ok ? parsed.entry : { word: line, reading: null };
    if (seen.has(entry.word)) continue;
    seen.add(entry.word);
    entries.push(entry);
  }
  return entries;
}

/** The first reading a list's lines get wrong, as the form and the API say it; or null. */
export function readingProblem(lines: readonly string[]): string | null {
  for (const line of lines) {
    const parsed = parseWordLine(line);
    if (!parsed.ok) return parsed.message;
  }
  return null;
}
