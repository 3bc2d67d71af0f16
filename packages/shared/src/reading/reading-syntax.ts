/**
 * The reading (pinyin) of a Chinese word, and how a parent writes a correction in a word list.
 *
 * Syntax (Edit Words and Add New Practice): the pinyin in brackets after the word, on its line,
 * with tone numbers 1 to 4 and 5 for the neutral tone (0 is taken as 5), one syllable per
 * character: `银行 (yin2 hang2)`, `东西 (dong1 xi5)`. Full-width brackets `（ ）` work too, and
 * `v` or `u:` stand for `ü` (`lv4`). A line without brackets gets the default reading; a word
 * kept by an edit keeps the reading it had. Only a line whose word has Chinese characters can
 * carry a reading: in any other line the brackets are part of the word.
 *
 * Stored and sent form: lower case, tone numbers, syllables separated by one space, `ü`.
 */

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
// A word, then bracketed text at the end of the line (ASCII or full-width brackets).
const ANNOTATED = /^(.*?)\s*[(（]([^()（）]*)[)）]\s*$/u;
const SYLLABLE = /^[a-zü]{1,6}[1-5]$/u;

export const READING_MESSAGES = {
  notPinyin: (word: string) => `Write the pinyin of ${word} with tone numbers 1 to 5, like 银行 (yin2 hang2)`,
  syllableCount: (word: string, n: number) =>
    `The pinyin of ${word} needs ${n} syllable${n === 1 ? '' : 's'}, one for each character`,
} as const;

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** How many Chinese characters a word has, which is how many syllables its reading needs. */
export function hanCount(word: string): number {
  return word.match(HAN_ALL)?.length ?? 0;
}

/** A typed reading in the stored form (`Yin2  HANG2` → `yin2 hang2`, `lv4` → `lü4`, `de0` → `de5`). */
export function normaliseReading(raw: string): string {
  return raw
    .normalize('NFC')
    .toLowerCase()
    .replace(/u:|v/g, 'ü')
    .trim()
    .split(/\s+/)
    .map((s) => s.replace(/0$/, '5'))
    .join(' ');
}

export interface WordEntry {
  word: string;
  /** The parent's reading, or null (none given: the default, or the one kept by an edit). */
  reading: string | null;
}

export type ReadingCheck = { ok: true; entry: WordEntry } | { ok: false; message: string };

/** One word-list line (already normalised by `normaliseWord`) to its word and reading. */
export function parseWordLine(line: string): ReadingCheck {
  const match = ANNOTATED.exec(line);
  if (!match || !hasHan(match[1]!)) return { ok: true, entry: { word: line, reading: null } };
  const word = match[1]!;
  const reading = normaliseReading(match[2]!);
  const syllables = reading === '' ? [] : reading.split(' ');
  if (syllables.length === 0 || !syllables.every((s) => SYLLABLE.test(s)))
    return { ok: false, message: READING_MESSAGES.notPinyin(word) };
  const needed = hanCount(word);
  if (syllables.length !== needed)
    return { ok: false, message: READING_MESSAGES.syllableCount(word, needed) };
  return { ok: true, entry: { word, reading } };
}

/** The line Edit Words shows for a word: with its reading only when the parent corrected it. */
export function formatWordLine(word: string, reading: string | null): string {
  return reading ? `${word} (${reading})` : word;
}

/** True for a reading in the stored form: tone-numbered syllables separated by single spaces. */
export function isReading(reading: string): boolean {
  return reading !== '' && reading.split(' ').every((s) => SYLLABLE.test(s));
}
