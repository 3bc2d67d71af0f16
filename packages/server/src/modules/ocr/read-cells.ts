import type { Mat } from '@techstark/opencv-js';
import {
  findCellRows,
  groupPhrases,
  type CellPhrase,
  type CellRow,
  type Coverage,
  type HorizontalLine,
  type PhraseBand,
} from './cell-grid.js';
import { withMats, type OpenCv } from './opencv.js';

/** A box on the flat page, in its pixels. */
export interface PageBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A grid sheet's characters set out clean at one size: one phrase a line, black on white. */
export interface ComposedCells {
  data: Uint8Array;
  width: number;
  height: number;
  /** Each phrase's line in this image, in the order of `CellRead.phrases`. */
  bands: PhraseBand[];
}

/** The characters of a grid sheet, set out clean for Tesseract, and where each phrase came from. */
export interface CellRead {
  /** The same phrases at each of `CELL_SIZES`. */
  images: ComposedCells[];
  phrases: {
    /** The phrase's cells on the flat page. */
    box: PageBox;
    /** How many characters (inked cells) it has. */
    characters: number;
  }[];
}

/**
 * Each cell is brought to these sizes (its side, in pixels) and the phrases are read at each:
 * Tesseract's Chinese is erratic from one size to another (each misread a different phrase),
 * so each phrase is taken from the size that read it best. A character fills about two thirds
 * of its cell; cells of 40 to 56 px read best on our grid sheets (docs/history/ocr-rounds.md). The first size
 * also judges which cells hold a character.
 */
export const CELL_SIZES = [48, 40, 56] as const;
/** Darker than this on the evened page is ink (as in flatten-page.ts's rule finding). */
const FAINT_INK = 200;
/** At least this many rows of cells make a grid sheet worth reading by its cells. */
const MIN_ROWS = 2;

export interface Bits {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The ink of the page (where its grid lines are, too) and its long horizontal lines. */
function inkAndLines(cv: OpenCv, lines: Mat): { ink: Bits; horizontal: HorizontalLine[] } {
  return withMats((keep) => {
    const ink = keep(new cv.Mat());
    cv.adaptiveThreshold(lines, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 31, 15);
    const faint = keep(new cv.Mat());
    cv.threshold(lines, faint, FAINT_INK, 255, cv.THRESH_BINARY_INV);
    cv.bitwise_or(ink, faint, ink);
    const length = Math.max(40, Math.round(Math.min(lines.cols, lines.rows) / 16));
    const across = keep(new cv.Mat());
    cv.morphologyEx(
      ink,
      across,
      cv.MORPH_OPEN,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(length, 1))),
    );
    const bits = { data: new Uint8Array(ink.data), width: ink.cols, height: ink.rows };
    return { ink: bits, horizontal: horizontalLines(across.data, across.cols, across.rows, length) };
  });
}

/** Rows of the page where long runs across lie, joined into lines with their extent. */
function horizontalLines(mask: Uint8Array, width: number, height: number, length: number): HorizontalLine[] {
  const lines: HorizontalLine[] = [];
  let run: { y0: number; y1: number; x0: number; x1: number } | undefined;
  for (let y = 0; y <= height; y++) {
    let count = 0;
    let x0 = width;
    let x1 = -1;
    if (y < height)
      for (let x = 0, i = y * width; x < width; x++, i++)
        if (mask[i]) {
          count++;
          if (x < x0) x0 = x;
          x1 = x;
        }
    if (count >= length) {
      run = run
        ? { y0: run.y0, y1: y, x0: Math.min(run.x0, x0), x1: Math.max(run.x1, x1) }
        : { y0: y, y1: y, x0, x1 };
    } else if (run) {
      lines.push({ y: (run.y0 + run.y1) / 2, x0: run.x0, x1: run.x1 });
      run = undefined;
    }
  }
  return lines;
}

function coverageOf(ink: Bits): Coverage {
  return (x, from, to, reach) => {
    const left = Math.max(0, Math.round(x) - reach);
    const right = Math.min(ink.width - 1, Math.round(x) + reach);
    const top = Math.max(0, Math.round(from));
    const bottom = Math.min(ink.height - 1, Math.round(to));
    if (bottom < top || right < left) return 0;
    let inked = 0;
    for (let y = top; y <= bottom; y++) {
      const row = y * ink.width;
      for (let i = row + left; i <= row + right; i++)
        if (ink.data[i]) {
          inked++;
          break;
        }
    }
    return inked / (bottom - top + 1);
  };
}

/** A cell of the page brought to `size` × `size` (each output pixel the mean of 3 × 3 samples). */
function sampleCell(page: Bits, box: PageBox, size: number): Uint8Array {
  const out = new Uint8Array(size * size);
  const sx = (box.x1 - box.x0) / size;
  const sy = (box.y1 - box.y0) / size;
  const at = (x: number, y: number) => {
    const cx = Math.min(page.width - 1, Math.max(0, x));
    const cy = Math.min(page.height - 1, Math.max(0, y));
    const x0 = Math.floor(cx);
    const y0 = Math.floor(cy);
    const x1 = Math.min(page.width - 1, x0 + 1);
    const y1 = Math.min(page.height - 1, y0 + 1);
    const fx = cx - x0;
    const fy = cy - y0;
    const d = page.data;
    const top = d[y0 * page.width + x0]! * (1 - fx) + d[y0 * page.width + x1]! * fx;
    const bottom = d[y1 * page.width + x0]! * (1 - fx) + d[y1 * page.width + x1]! * fx;
    return top * (1 - fy) + bottom * fy;
  };
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      let sum = 0;
      for (let j = 0; j < 3; j++)
        for (let i = 0; i < 3; i++)
          sum += at(box.x0 + (u + (i + 0.5) / 3) * sx - 0.5, box.y0 + (v + (j + 0.5) / 3) * sy - 0.5);
      out[v * size + u] = Math.round(sum / 9);
    }
  return out;
}

/** Per pixel, the median of the cells: what an empty cell looks like (paper and its guide lines). */
function medianCell(cells: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size * size);
  const values = new Uint8Array(cells.length);
  for (let p = 0; p < out.length; p++) {
    for (let c = 0; c < cells.length; c++) values[c] = cells[c]![p]!;
    values.sort();
    out[p] = values[values.length >> 1]!;
  }
  return out;
}

/** The darkest value within `radius` of each pixel: a guide line a pixel or two off still matches. */
function darkest(image: Uint8Array, size: number, radius: number): Uint8Array {
  const out = new Uint8Array(image.length);
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      let min = 255;
      for (let j = Math.max(0, v - radius); j <= Math.min(size - 1, v + radius); j++)
        for (let i = Math.max(0, u - radius); i <= Math.min(size - 1, u + radius); i++)
          min = Math.min(min, image[j * size + i]!);
      out[v * size + u] = min;
    }
  return out;
}

/** Value below which `share` of the values lie. */
function quantile(values: Uint8Array | number[], share: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 255;
}

/** A character stays this far inside its cell's borders (a share of the side): nearer is the border. */
const BORDER = 0.08;

/**
 * How much each pixel of a cell is print, 0 to 1: how much darker it is than an empty cell
 * there (the guide lines darkened by a pixel or two each way). A guide line's own pixels are
 * no darker than the empty cells' and go; a character's stroke across or along a line is
 * darker than the line and stays. Along the borders nothing is print: a border a few pixels
 * off (a row drawn slightly askew in a photo) would stand beside the character as a stroke.
 */
function printIn(
  cell: Uint8Array,
  empty: Uint8Array,
  margin: number,
  full: number,
  size: number,
): Float32Array {
  const out = new Float32Array(cell.length);
  const from = Math.round(size * BORDER);
  const to = size - from;
  for (let v = from; v < to; v++)
    for (let u = from; u < to; u++) {
      const p = v * size + u;
      out[p] = Math.min(1, Math.max(0, (empty[p]! - cell[p]! - margin) / (full - margin)));
    }
  return out;
}

/** A cell holds a character: enough print inside its borders, spread over a quarter of it. */
function holdsCharacter(print: Float32Array, size: number): boolean {
  const from = Math.round(size * 0.1);
  const to = size - from;
  let count = 0;
  let [u0, v0, u1, v1] = [size, size, -1, -1];
  for (let v = from; v < to; v++)
    for (let u = from; u < to; u++)
      if (print[v * size + u]! > 0.5) {
        count++;
        u0 = Math.min(u0, u);
        u1 = Math.max(u1, u);
        v0 = Math.min(v0, v);
        v1 = Math.max(v1, v);
      }
  return count >= 0.015 * size * size && Math.max(u1 - u0, v1 - v0) >= 0.25 * size;
}

/**
 * A grid sheet read by its cells: the rows of cells found from the grid's lines (on `lines`,
 * the evened grey page, or on `page` itself), each cell taken from `page` (the evened page
 * Tesseract would read), its guide lines taken out by comparing it with the sheet's empty
 * cells, the characters of each phrase set side by side at a size Tesseract reads well, one
 * phrase a line, black on white. Undefined when no rows of cells, or no characters in them,
 * are found.
 */
export function readCells(cv: OpenCv, page: Bits, lines?: Mat): CellRead | undefined {
  const { ink, horizontal } = lines
    ? inkAndLines(cv, lines)
    : withMats((keep) =>
        inkAndLines(cv, keep(cv.matFromArray(page.height, page.width, cv.CV_8UC1, page.data))),
      );
  const rows = findCellRows(horizontal, coverageOf(ink), ink.height);
  if (rows.length < MIN_ROWS) return undefined;
  const [first, ...others] = CELL_SIZES;
  const judged = printOfCells(page, rows, first);
  if (!judged) return undefined;
  const phrases = groupPhrases(judged.inked);
  if (phrases.length === 0) return undefined;
  const images = [compose(judged.print, phrases, first)];
  for (const size of others) {
    const printed = printOfCells(page, rows, size);
    if (printed) images.push(compose(printed.print, phrases, size));
  }
  return {
    images,
    phrases: phrases.map((phrase) => {
      const row = rows[phrase.row]!;
      return {
        box: { x0: row.edges[phrase.first]!, y0: row.y0, x1: row.edges[phrase.last + 1]!, y1: row.y1 },
        characters: phrase.last - phrase.first + 1,
      };
    }),
  };
}

const cellBox = (row: CellRow, k: number): PageBox => ({
  x0: row.edges[k]!,
  y0: row.y0,
  x1: row.edges[k + 1]!,
  y1: row.y1,
});

/**
 * Every cell brought to `size` and turned into how much each pixel is print (its guide lines
 * taken out), with whether it holds a character.
 */
function printOfCells(
  page: Bits,
  rows: readonly CellRow[],
  size: number,
): { print: Float32Array[][]; inked: boolean[][] } | undefined {
  const cells = rows.map((row) => row.edges.slice(1).map((_, k) => sampleCell(page, cellBox(row, k), size)));
  const all = cells.flat();
  let empty = darkest(medianCell(all, size), size, 2);
  // The print's level: the darkest tenth of what is clearly darker than an empty cell.
  const paper = quantile(empty, 0.5);
  const candidates: number[] = [];
  for (const cell of all)
    for (let p = 0; p < cell.length; p++) if (empty[p]! - cell[p]! >= 40) candidates.push(cell[p]!);
  if (candidates.length === 0) return undefined;
  const contrast = paper - quantile(candidates, 0.1);
  const margin = Math.max(24, 0.2 * contrast);
  const full = Math.max(margin + 1, 0.6 * contrast);
  const printOf = () => cells.map((row) => row.map((cell) => printIn(cell, empty, margin, full, size)));
  let print = printOf();
  let inked = print.map((row) => row.map((cell) => holdsCharacter(cell, size)));
  // Once the characters are known, empty cells alone say what the paper and its lines look like.
  const inkedFlat = inked.flat();
  const blank = all.filter((_, i) => !inkedFlat[i]);
  if (blank.length >= 3) {
    empty = darkest(medianCell(blank, size), size, 2);
    print = printOf();
    inked = print.map((row) => row.map((cell) => holdsCharacter(cell, size)));
  }
  return { print, inked };
}

/**
 * The phrases' characters, each cut to its strokes across and set a tenth of a cell apart,
 * each phrase on its own line, half a cell between lines, black on white.
 */
function compose(print: Float32Array[][], phrases: readonly CellPhrase[], size: number): ComposedCells {
  const gap = Math.round(size * 0.1);
  const pitch = Math.round(size * 1.5);
  const edge = Math.round(size / 2);
  const pieces = phrases.map((phrase) =>
    print[phrase.row]!.slice(phrase.first, phrase.last + 1).map((cell) => {
      let [u0, u1] = [size, -1];
      for (let p = 0; p < cell.length; p++)
        if (cell[p]! > 0.25) {
          u0 = Math.min(u0, p % size);
          u1 = Math.max(u1, p % size);
        }
      return u1 < 0 ? { cell, u0: 0, u1: size - 1 } : { cell, u0, u1 };
    }),
  );
  const widths = pieces.map(
    (chars) => chars.reduce((sum, c) => sum + c.u1 - c.u0 + 1, 0) + gap * (chars.length - 1),
  );
  const width = Math.max(...widths) + 2 * edge;
  const height = 2 * edge + pitch * (phrases.length - 1) + size;
  const data = new Uint8Array(width * height).fill(255);
  const bands = pieces.map((chars, i) => {
    const top = edge + i * pitch;
    let x = edge;
    for (const { cell, u0, u1 } of chars) {
      for (let v = 0; v < size; v++)
        for (let u = u0; u <= u1; u++)
          data[(top + v) * width + x + u - u0] = Math.round(255 * (1 - cell[v * size + u]!));
      x += u1 - u0 + 1 + gap;
    }
    return { top, bottom: top + size };
  });
  return { data, width, height, bands };
}
