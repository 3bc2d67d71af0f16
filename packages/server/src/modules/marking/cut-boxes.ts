import type { Rect } from '@spellwell/shared';
import { project, type Homography } from './homography.js';
import { sample, type Grey } from './grey-image.js';
import { MARKING } from './thresholds.js';
import { inkPieces, type InkPiece } from './ink-pieces.js';

/**
 * A box of the sheet cut from the photo and flattened: `paper` holds each pixel's brightness
 * against the paper around it (1 is paper, 0 black), so shadow and grey light do not count as
 * ink; `ink` marks what is written.
 */
export interface Cut {
  width: number;
  height: number;
  paper: Float32Array;
  ink: Uint8Array;
}

/** Sheet millimetres to a flat image at MARKING.pxPerMm, through the photo's homography. */
export function cutBox(photo: Grey, toPhoto: Homography, rect: Rect): Cut {
  const r = MARKING.pxPerMm;
  const width = Math.round(rect.width * r);
  const height = Math.round(rect.height * r);
  const raw = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = project(toPhoto, { x: rect.x + (x + 0.5) / r, y: rect.y + (y + 0.5) / r });
      raw[y * width + x] = sample(photo, p.x, p.y);
    }
  const paper = againstPaper(raw, width, height, Math.round(3 * r));
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < paper.length; i++) ink[i] = paper[i]! < MARKING.ink ? 1 : 0;
  return { width, height, paper, ink };
}

/**
 * Each pixel over the paper's brightness near it: the brightest fifth of each block of `block`
 * pixels, smoothed between block centres. Pencil strokes are thin, so a block is mostly paper.
 */
function againstPaper(raw: Float32Array, width: number, height: number, block: number): Float32Array {
  const bw = Math.max(1, Math.ceil(width / block));
  const bh = Math.max(1, Math.ceil(height / block));
  const level = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const values: number[] = [];
      for (let y = by * block; y < Math.min(height, (by + 1) * block); y++)
        for (let x = bx * block; x < Math.min(width, (bx + 1) * block); x++) values.push(raw[y * width + x]!);
      values.sort((a, b) => a - b);
      level[by * bw + bx] = Math.max(1, values[Math.floor(values.length * 0.8)] ?? 255);
    }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const wx = fx - x0;
      const bg =
        (level[y0 * bw + x0]! * (1 - wx) + level[y0 * bw + x1]! * wx) * (1 - wy) +
        (level[y1 * bw + x0]! * (1 - wx) + level[y1 * bw + x1]! * wx) * wy;
      out[y * width + x] = Math.min(1, raw[y * width + x]! / bg);
    }
  }
  return out;
}

/**
 * Wipes a printed rule (an answer line, a cell's border) from a cut: the thin run of ink nearest
 * `near` in each column (or row), along the straight line those runs follow (so a rule the photo
 * left a little sloped goes whole, and a letter beside it stays). A stroke crossing the rule
 * survives where there is ink just beyond it on both sides.
 */
export function wipeRule(cut: Cut, axis: 'rows' | 'columns', near: number, band: number): void {
  const { width, height, ink, paper } = cut;
  const along = axis === 'rows' ? width : height;
  const across = axis === 'rows' ? height : width;
  const at = (a: number, b: number) => (axis === 'rows' ? b * width + a : a * width + b);
  const thick = Math.round(MARKING.pxPerMm * 1.1);
  const gap = Math.round(MARKING.pxPerMm * 0.5);
  /** The run of ink in line `a` that covers `b`, or null. */
  const runAt = (a: number, b: number): [number, number] | null => {
    if (b < 0 || b >= across || !ink[at(a, b)]) return null;
    let lo = b;
    let hi = b;
    while (lo > 0 && ink[at(a, lo - 1)]) lo--;
    while (hi < across - 1 && ink[at(a, hi + 1)]) hi++;
    return [lo, hi];
  };
  const centres: [number, number][] = [];
  for (let a = 0; a < along; a++) {
    for (let d = 0; d <= band; d++) {
      const run = runAt(a, near - d) ?? runAt(a, near + d);
      if (run) {
        if (run[1] - run[0] < thick) centres.push([a, (run[0] + run[1]) / 2]);
        break;
      }
    }
  }
  if (centres.length < 0.3 * along) return;
  const median = (v: number[]) => v.sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
  const half = Math.floor(centres.length / 2);
  const left = centres.slice(0, half);
  const right = centres.slice(half);
  const ax = median(left.map((c) => c[0]));
  const ay = median(left.map((c) => c[1]));
  const bx = median(right.map((c) => c[0]));
  const by = median(right.map((c) => c[1]));
  const slope = bx === ax ? 0 : (by - ay) / (bx - ax);
  for (let a = 0; a < along; a++) {
    const expected = Math.round(ay + slope * (a - ax));
    let run: [number, number] | null = null;
    for (let d = 0; d <= 2 && !run; d++) run = runAt(a, expected - d) ?? runAt(a, expected + d);
    if (!run || run[1] - run[0] >= thick) continue;
    const before = run[0] - gap >= 0 && ink[at(a, run[0] - gap)];
    const after = run[1] + gap < across && ink[at(a, run[1] + gap)];
    if (before && after) continue;
    for (let b = run[0]; b <= run[1]; b++) {
      ink[at(a, b)] = 0;
      paper[at(a, b)] = 1;
    }
  }
}

/**
 * Wipes every thin straight band of ink that runs along `share` or more of the cut (rows or
 * columns) within `from`..`to` across it: printed rules and borders the photo left, however many
 * (a rule and its guide line, a border doubled by blur), where `wipeRule` follows only one. A
 * band is found through a few neighbouring lines at once, so a rule sloped by a pixel or two
 * still counts. A stroke crossing the band survives where there is ink just beyond it on both
 * sides. Handwriting is never that long: a word fills less than half a line, a stroke of a
 * character lies inside its cell's border.
 */
export function wipeLongRuns(
  cut: Cut,
  axis: 'rows' | 'columns',
  share: number,
  from = 0,
  to = axis === 'rows' ? cut.height : cut.width,
): void {
  const { width, height, ink, paper } = cut;
  const along = axis === 'rows' ? width : height;
  const across = axis === 'rows' ? height : width;
  const at = (a: number, b: number) => (axis === 'rows' ? b * width + a : a * width + b);
  const thick = Math.round(MARKING.pxPerMm * 1.1);
  const gap = Math.round(MARKING.pxPerMm * 0.5);
  const slack = 2;
  const long: boolean[] = [];
  for (let b = 0; b < across; b++) {
    if (b < from || b >= to) {
      long.push(false);
      continue;
    }
    let covered = 0;
    for (let a = 0; a < along; a++) {
      let any = 0;
      for (let d = -slack; d <= slack && !any; d++) {
        const bb = b + d;
        if (bb >= 0 && bb < across) any = ink[at(a, bb)]!;
      }
      covered += any;
    }
    // Only the line itself, not the rows beside it that see it through the slack.
    let own = 0;
    for (let a = 0; a < along; a++) own += ink[at(a, b)]!;
    long.push(covered >= share * along && own >= 0.25 * along);
  }
  for (let b = 0; b < across; b++) {
    if (!long[b]) continue;
    for (let a = 0; a < along; a++) {
      if (!ink[at(a, b)]) continue;
      let lo = b;
      let hi = b;
      while (lo > 0 && ink[at(a, lo - 1)]) lo--;
      while (hi < across - 1 && ink[at(a, hi + 1)]) hi++;
      if (hi - lo >= thick) continue;
      const before = lo - gap >= 0 && ink[at(a, lo - gap)];
      const after = hi + gap < across && ink[at(a, hi + gap)];
      if (before && after) continue;
      for (let k = lo; k <= hi; k++) {
        ink[at(a, k)] = 0;
        paper[at(a, k)] = 1;
      }
    }
  }
}

export interface InkBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
}

/** The bounding box of the ink, ignoring rows and columns with a stray pixel or two. */
export function inkBox(cut: Cut): InkBox | null {
  const { width, height, ink } = cut;
  const cols = new Array<number>(width).fill(0);
  const rows = new Array<number>(height).fill(0);
  let count = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (ink[y * width + x]) {
        cols[x]!++;
        rows[y]!++;
        count++;
      }
  if (count === 0) return null;
  const first = (a: number[]) => a.findIndex((v) => v >= 2);
  const last = (a: number[]) => a.length - 1 - [...a].reverse().findIndex((v) => v >= 2);
  const x0 = first(cols);
  const y0 = first(rows);
  if (x0 < 0 || y0 < 0) return null;
  return { x0, y0, x1: last(cols) + 1, y1: last(rows) + 1, count };
}

/**
 * A copy of the cut without its dashes: pieces of ink on their own (touching no other ink) that
 * are flat and thin, as what a curled or doubled rule leaves beside the word when it runs along
 * less than the `wipeLongRuns` share. No letter is such a piece on its own (a t's bar crosses
 * its stem), and a line through the word touches the word: the crossed-out check sees the cut
 * before this. The recogniser read such a dash as an `e` or dots after the word.
 */
export function withoutDashes(cut: Cut): Cut {
  const { width, height } = cut;
  const ink = Uint8Array.from(cut.ink);
  const paper = Float32Array.from(cut.paper);
  const thin = MARKING.dashMm.height * MARKING.pxPerMm;
  const long = MARKING.dashMm.width * MARKING.pxPerMm;
  const drop = (piece: InkPiece) => {
    for (const i of piece.pixels) {
      ink[i] = 0;
      paper[i] = 1;
    }
  };
  const stroke = MARKING.dashMm.strokeMm * MARKING.pxPerMm;
  const size = (p: InkPiece) => ({ w: p.x1 - p.x0 + 1, h: p.y1 - p.y0 + 1 });
  // A long piece no thicker than a pencil line on average: a sloped dash, not a letter.
  const thinLine = (p: InkPiece) => size(p).w >= 3 * size(p).h && p.pixels.length <= stroke * size(p).w;
  // The pieces are found on the cut as it came; only the copy loses its dashes.
  const pieces = [...inkPieces(cut)];
  let x0 = width;
  let x1 = -1;
  for (const piece of pieces) {
    const { w, h } = size(piece);
    if (h <= thin && w >= long && w >= 3 * h) drop(piece);
    else if (h > thin && !thinLine(piece)) {
      x0 = Math.min(x0, piece.x0);
      x1 = Math.max(x1, piece.x1);
    }
  }
  // Beyond the word's letters (the pieces taller than a dash), what a curled rule leaves is not
  // the word: specks, and dashes too sloped to be flat.
  const gap = MARKING.dashMm.gapMm * MARKING.pxPerMm;
  if (x1 >= 0)
    for (const piece of pieces)
      if ((piece.x1 < x0 - gap || piece.x0 > x1 + gap) && (size(piece).h <= thin || thinLine(piece)))
        drop(piece);
  return { width, height, ink, paper };
}
