/*
 * The geometry of a 田字格/米字格 sheet, pure: where its rows of cells are (from the page's
 * long horizontal lines and where ink runs down between them), which cells hold a character,
 * how the characters are grouped into phrases (an empty cell ends one), and where each phrase
 * goes in the clean image Tesseract reads instead of the page. The pixel work is in
 * read-cells.ts.
 */

/** A long horizontal line on the page: a row of cells' top or bottom border, or its middle line. */
export interface HorizontalLine {
  y: number;
  x0: number;
  x1: number;
}

/** One row of square cells: from y0 to y1, cut at `edges` (n + 1 of them for n cells). */
export interface CellRow {
  y0: number;
  y1: number;
  edges: number[];
}

/**
 * How much of a short vertical stretch of the page is ink, 0 to 1: the share of the rows from
 * y0 to y1 that have ink within `reach` pixels of x. A cell's side is ink all the way down.
 */
export type Coverage = (x: number, y0: number, y1: number, reach: number) => number;

/** Cells are square: a row's width over its cells may differ this much from its height (a photo's leftover perspective). */
const SQUARE = 0.25;
/** A cell's side counts when ink runs down this much of each sixth of the row's height there. */
const SIDE = 0.8;
const SLICES = 6;
/** A row is found when this share of its cells' sides are there. */
const SIDES_FOUND = 0.8;
/**
 * Just above and below a row of cells its sides stop. A 田字格's half row (its top border to
 * its middle line) is square cells too, but there the sides run on: it is not a row.
 */
const SIDES_RUN_ON = 0.5;
/** The smallest cell read, in pixels of the flat page. */
const MIN_CELL = 16;

/**
 * The rows of cells on a page: two long horizontal lines a cell's height apart, across a
 * whole number (two or more) of square cells, whose sides (ink running down at every cell's
 * width) start at one line and end at the other. Rows sharing their borders with the next row
 * (sides running on through the whole grid) are not found: the page is then read as before.
 */
export function findCellRows(
  lines: readonly HorizontalLine[],
  coverage: Coverage,
  pageHeight: number,
): CellRow[] {
  const sorted = [...lines].sort((a, b) => a.y - b.y);
  const found: (CellRow & { size: number })[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const top = sorted[i]!;
      const bottom = sorted[j]!;
      const size = bottom.y - top.y;
      if (size < MIN_CELL) continue;
      if (size > pageHeight / 4) break;
      const x0 = Math.max(top.x0, bottom.x0);
      const x1 = Math.min(top.x1, bottom.x1);
      const count = Math.round((x1 - x0) / size);
      if (count < 2 || Math.abs((x1 - x0) / count - size) > SQUARE * size) continue;
      const row = confirmRow(top.y, bottom.y, x0, x1, count, coverage);
      if (row) found.push({ ...row, size });
    }
  }
  // Larger rows first: a row's pieces cannot also be rows.
  const rows: CellRow[] = [];
  for (const row of found.sort((a, b) => b.size - a.size))
    if (!rows.some((kept) => row.y0 < kept.y1 && kept.y0 < row.y1))
      rows.push({ y0: row.y0, y1: row.y1, edges: row.edges });
  return rows.sort((a, b) => a.y0 - b.y0);
}

function confirmRow(
  y0: number,
  y1: number,
  x0: number,
  x1: number,
  count: number,
  coverage: Coverage,
): CellRow | undefined {
  const size = y1 - y0;
  const reach = Math.max(1, Math.round(size * 0.03));
  const search = Math.max(2, Math.round(size * 0.08));
  // Measured in slices, each of which must be ink: two rows of cells and the gap between them
  // are mostly ink down their sides too, but not in the gap.
  const inside = (x: number) => {
    let least = 1;
    for (let k = 0; k < SLICES; k++) {
      const from = y0 + size * (0.1 + (0.8 * k) / SLICES);
      least = Math.min(least, coverage(x, from, from + (0.8 * size) / SLICES, reach));
    }
    return least;
  };
  const edges: number[] = [];
  let sides = 0;
  let above = 0;
  let below = 0;
  const missingAllowed = (1 - SIDES_FOUND) * (count + 1);
  for (let k = 0; k <= count; k++) {
    // Most pairs of lines are not a row: stop as soon as too many sides are missing.
    if (k - sides > missingAllowed) return undefined;
    const expected = x0 + ((x1 - x0) * k) / count;
    // The side where ink runs down most, near where it should be (a photo's lines drift).
    let best = { x: expected, share: -1 };
    for (let x = Math.round(expected - search); x <= Math.round(expected + search); x++) {
      const share = inside(x);
      if (share > best.share) best = { x, share };
    }
    edges.push(best.x);
    if (best.share < SIDE) continue;
    sides++;
    above += coverage(best.x, y0 - size * 0.2, y0 - size * 0.06, reach);
    below += coverage(best.x, y1 + size * 0.06, y1 + size * 0.2, reach);
  }
  if (sides < SIDES_FOUND * (count + 1)) return undefined;
  if (above / sides > SIDES_RUN_ON || below / sides > SIDES_RUN_ON) return undefined;
  return { y0, y1, edges };
}

/** A phrase: consecutive cells of one row that hold characters, from `first` to `last`. */
export interface CellPhrase {
  row: number;
  first: number;
  last: number;
}

/**
 * Characters in consecutive cells of a row are one phrase (one entry of the word list); an
 * empty cell ends it, so a row may hold several phrases, or none (a row only to practise in).
 */
export function groupPhrases(inked: readonly (readonly boolean[])[]): CellPhrase[] {
  const phrases: CellPhrase[] = [];
  inked.forEach((cells, row) => {
    let first = -1;
    cells.forEach((ink, cell) => {
      if (ink && first < 0) first = cell;
      if (!ink && first >= 0) {
        phrases.push({ row, first, last: cell - 1 });
        first = -1;
      }
    });
    if (first >= 0) phrases.push({ row, first, last: cells.length - 1 });
  });
  return phrases;
}

/** A phrase's place in the composed image: its line's top and bottom. */
export interface PhraseBand {
  top: number;
  bottom: number;
}

/** A line Tesseract read in the composed image, as much as placing it needs. */
export interface ReadLine {
  text: string;
  confidence: number;
  box: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Which phrase each line read from the composed image is: the one whose band holds its middle
 * (the bands are a half line apart, so a line cannot be two). A phrase read as two pieces is
 * joined left to right; a phrase nothing was read for has no entry.
 */
export function linesOfPhrases(
  lines: readonly ReadLine[],
  bands: readonly PhraseBand[],
): { phrase: number; text: string; confidence: number }[] {
  const pieces = new Map<number, ReadLine[]>();
  for (const line of lines) {
    const middle = (line.box.y0 + line.box.y1) / 2;
    const phrase = bands.findIndex((band) => {
      const margin = (band.bottom - band.top) / 4;
      return middle >= band.top - margin && middle < band.bottom + margin;
    });
    if (phrase >= 0) pieces.set(phrase, [...(pieces.get(phrase) ?? []), line]);
  }
  return [...pieces.entries()]
    .sort(([a], [b]) => a - b)
    .map(([phrase, read]) => {
      const inOrder = read.sort((a, b) => a.box.x0 - b.box.x0);
      return {
        phrase,
        text: inOrder.map((line) => line.text).join(' '),
        confidence: inOrder.reduce((sum, line) => sum + line.confidence, 0) / inOrder.length,
      };
    });
}
