import type { Strip } from './line-strips.js';
import { WORD_GAPS } from './thresholds.js';

/** A run of blank columns of a strip, `from` to `to` (exclusive), in its pixels. */
export interface Gap {
  from: number;
  to: number;
}

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
      const space = WORD_GAPS.minWidth * (strip.lineHeight ?? height) * (strip.stretch ?? 1);
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
