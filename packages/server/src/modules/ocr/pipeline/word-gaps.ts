import type { Strip } from './line-strips.js';
import { WORD_GAPS } from './thresholds.js';

/** A run of blank columns of a strip, `from` to `to` (exclusive), in its pixels. */
export interface Gap {
  from: number;
  to: number;
}

/** The height a strip's gaps are measured against: its line's, at the strip's stretch. */
export const lineHeightOf = (strip: Strip): number =>
  (strip.lineHeight ?? strip.height) * (strip.stretch ?? 1);

/**
 * The runs of columns with no ink across the middle of a line (its top and bottom rows may
 * hold the neighbouring lines' descenders and accents) at least `WORD_GAPS.minWidth` of its
 * height wide (times its `stretch`): the spaces between words. Narrower runs are the gaps between the letters of a
 * word or between the parts of one character (川, 小).
 */
export function wordGaps(strip: Strip): Gap[] {
  const { data, width, height } = strip;
  const top = Math.floor(WORD_GAPS.margin * height);
  const bottom = Math.ceil((1 - WORD_GAPS.margin) * height);
  const blank = (x: number) => {
    for (let y = top; y < bottom; y++) if (data[y * width + x]! < WORD_GAPS.inkLevel) return false;
    return true;
  };
  const gaps: Gap[] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    if (x < width && blank(x)) {
      if (start < 0) start = x;
    } else if (start >= 0) {
      const space = WORD_GAPS.minWidth * lineHeightOf(strip);
      if (x - start >= space) gaps.push({ from: start, to: x });
      start = -1;
    }
  }
  return gaps;
}

/**
 * A reading with a space put between two characters where a word gap of the strip lies
 * between them and the model gave none: the recognition model, trained mostly on Chinese,
 * drops the spaces between the words of a chat message ("蜜蜂 熊猫 夏天" read "蜜蜂熊猫夏天").
 * `columns` is each character's column on the strip (where CTC emitted it).
 */
export function spaceAtGaps(
  characters: readonly string[],
  columns: readonly number[],
  gaps: readonly Gap[],
): string {
  let text = characters[0] ?? '';
  for (let i = 1; i < characters.length; i++) {
    const [before, after] = [columns[i - 1]!, columns[i]!];
    const spaced = characters[i - 1] === ' ' || characters[i] === ' ';
    // Only gaps wholly between the two: a gap before the first character or after the last is margin.
    if (!spaced && gaps.some((gap) => gap.from >= before && gap.to <= after)) text += ' ';
    text += characters[i];
  }
  return text;
}

/**
 * A reading split where the strip's blank runs `WORD_GAPS.wideWidth` line heights or more
 * between two characters: one region of the detector holding what the page set wide apart
 * (an inline list's "kitchen      particular" on a photo taken from afar, where the detector's
 * small copy closes the gap). Undefined when no such gap lies inside the reading. The pieces
 * are trimmed; the reading's own text is kept as it is for everything else.
 */
export function piecesAtWideGaps(
  characters: readonly string[],
  columns: readonly number[],
  gaps: readonly Gap[],
  lineHeight: number,
): string[] | undefined {
  const wide = gaps.filter((gap) => gap.to - gap.from >= WORD_GAPS.wideWidth * lineHeight);
  const pieces: string[] = [];
  let piece = '';
  // Between two characters that are not spaces: the model may read a wide gap as spaces.
  let before: number | undefined;
  characters.forEach((character, i) => {
    if (character !== ' ') {
      const [from, to] = [before, columns[i]!];
      if (from !== undefined && wide.some((gap) => gap.from >= from && gap.to <= to)) {
        pieces.push(piece);
        piece = '';
      }
      before = to;
    }
    piece += character;
  });
  pieces.push(piece);
  const trimmed = pieces.map((text) => text.trim()).filter((text) => text !== '');
  return trimmed.length > 1 ? trimmed : undefined;
}
