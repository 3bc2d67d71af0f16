import type { Language } from '@spellwell/shared';
import type { ColumnRule } from './flatten-page.js';
import type { OcrLine, OcrWord } from './worker-lane.js';

/** The heading of a table's word column, in the four languages. */
const WORD_HEADER =
  /^(?:words?|spelling(?: words?)?|vocabulary|perkataan|ejaan|kata|词语|生字|字词|词|சொல்|சொற்கள்|சொற்கள)$/iu;

const SCRIPT: Record<Language, RegExp> = {
  English: /\p{Script=Latin}{2}/u,
  Malay: /\p{Script=Latin}{2}/u,
  Chinese: /\p{Script=Han}/u,
  Tamil: /\p{Script=Tamil}/u,
};

const centre = (word: OcrWord) => (word.box.x0 + word.box.x1) / 2;

function cellLine(row: OcrLine, words: OcrWord[], number: number): OcrLine {
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / Math.max(1, words.length);
  const box = {
    x0: Math.min(...words.map((w) => w.box.x0)),
    y0: Math.min(...words.map((w) => w.box.y0)),
    x1: Math.max(...words.map((w) => w.box.x1)),
    y1: Math.max(...words.map((w) => w.box.y1)),
  };
  // Numbered, so the word list's cleanup treats the rows as the list and the title as a title.
  return { ...row, text: `${number}. ${words.map((w) => w.text).join(' ')}`, confidence, box, words };
}

/**
 * A word table ("No. | Word | Meaning") read row by row gives lines that mix its columns.
 * Between the table's vertical rules, each row is cut into cells and only the column that
 * holds the words is kept: the one headed "Word" (or its translation), or else the column
 * most of whose cells are in the set's language and that has the fewest words per cell
 * (words, not their meanings). Lines above and below the table are left as they are.
 */
export function readTable(lines: OcrLine[], rules: readonly ColumnRule[], language: Language): OcrLine[] {
  // Two to five columns: more rules than that are a grid of character cells, not a table.
  if (rules.length < 3 || rules.length > 6) return lines;
  const top = Math.min(...rules.map((r) => r.y0));
  const bottom = Math.max(...rules.map((r) => r.y1));
  const xs = rules.map((r) => r.x).sort((a, b) => a - b);
  const columnOf = (word: OcrWord) => xs.filter((x) => x < centre(word)).length;
  const inTable = (line: OcrLine) => {
    const y = (line.box.y0 + line.box.y1) / 2;
    return y > top && y < bottom;
  };
  const rows = lines.filter(inTable);
  if (rows.length === 0) return lines;
  const cells = rows.map((row) => {
    const byColumn = new Map<number, OcrWord[]>();
    for (const word of row.words) {
      if (!word.text.trim()) continue;
      const column = columnOf(word);
      byColumn.set(column, [...(byColumn.get(column) ?? []), word]);
    }
    return byColumn;
  });
  const text = (words: OcrWord[] | undefined) => (words ?? []).map((w) => w.text).join(' ');

  const columns = [...new Set(cells.flatMap((c) => [...c.keys()]))].sort((a, b) => a - b);
  let chosen = columns.find((column) =>
    WORD_HEADER.test(
      text(cells[0]!.get(column))
        .normalize('NFC')
        .replace(/[.:：]$/u, ''),
    ),
  );
  // A first row without a number, above rows that have one, is the header.
  const hasDigit = (c: Map<number, OcrWord[]>) => [...c.values()].flat().some((w) => /\d/u.test(w.text));
  const headed =
    chosen !== undefined || (!hasDigit(cells[0]!) && cells.filter(hasDigit).length >= (cells.length - 1) / 2);
  if (chosen === undefined) {
    const scored = columns
      .map((column) => {
        const filled = cells.map((c) => c.get(column)).filter((w): w is OcrWord[] => Boolean(w?.length));
        const inLanguage = filled.filter((w) => SCRIPT[language].test(text(w))).length / rows.length;
        const wordsPerCell = filled.reduce((sum, w) => sum + w.length, 0) / Math.max(1, filled.length);
        return { column, inLanguage, wordsPerCell };
      })
      .filter((c) => c.inLanguage >= 0.5);
    scored.sort((a, b) => a.wordsPerCell - b.wordsPerCell || a.column - b.column);
    chosen = scored[0]?.column;
  }
  if (chosen === undefined) return lines;

  const out: OcrLine[] = [];
  let number = 0;
  for (const line of lines) {
    const index = rows.indexOf(line);
    if (index < 0) {
      out.push(line);
      continue;
    }
    if (headed && index === 0) continue;
    const words = cells[index]!.get(chosen);
    if (words?.length) out.push(cellLine(line, words, ++number));
  }
  return out;
}
