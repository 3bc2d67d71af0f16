import type { Mat } from '@techstark/opencv-js';
import { withMats, type OpenCv } from './opencv.js';

type Point = [number, number];

/**
 * How far past a corner the sides beside it are followed, as shares of their length: from
 * clear of the corner's blur to far enough that a shadow's edge would have left the sheet.
 */
const BEYOND = { from: 0.04, to: 0.2 } as const;
/** Least brightness step across a sheet's edge, in Sobel units on the blurred 640 px copy. */
const EDGE_STEP = 12;
/** The step must point across the side, within about 30°. */
const ACROSS = Math.cos(Math.PI / 6);
/** How many pixels either side of the side's line its edge may run on (the corners are approximate). */
const SLACK = 3;
/** Share of the points past a corner, along one line, that must be the same edge for the side to run on. */
const RUNS_ON = 0.6;

/** Past a shadow's corner, the sheet's edge is followed in windows of this many pixels… */
const WINDOW = 8;
/** …until fewer than this share of a window's points are on it… */
const ENDS = 0.25;
/** …for this many windows in a row: the sheet's corner. */
const GAP = 3;

/** What a shadow did to a four-sided outline. */
export type ShadowCheck =
  /** No side of it is a shadow's edge. */
  | { cut: false }
  /** One side is: the outline is the lit part of a sheet, which goes on to `whole`. */
  | { cut: true; whole: Point[] };

/**
 * Whether one side of a four-sided outline is a shadow's edge rather than the sheet's: a deep
 * shadow across a sheet draws a second outline, the lit part's, whose corners lie on the
 * sheet's own edges. There the sheet's edges run on past both corners of the shadow's side,
 * into the shade, brighter on the inside all the way; at a sheet's real corners they stop, and
 * the desk's grain does not line up with them. Following them on to where they stop finds the
 * whole sheet. `corners` are in `small`'s pixels, in order.
 */
export function checkShadow(cv: OpenCv, small: Mat, corners: Point[]): ShadowCheck {
  return withMats((keep) => {
    const gx = keep(new cv.Mat());
    const gy = keep(new cv.Mat());
    cv.Sobel(small, gx, cv.CV_32F, 1, 0, 3);
    cv.Sobel(small, gy, cv.CV_32F, 0, 1, 3);
    const gradient = { x: gx.data32F, y: gy.data32F, cols: small.cols, rows: small.rows };
    const centre: Point = [
      corners.reduce((sum, c) => sum + c[0], 0) / 4,
      corners.reduce((sum, c) => sum + c[1], 0) / 4,
    ];
    for (let i = 0; i < 4; i++) {
      const a = followSide(gradient, corners[(i + 3) % 4]!, corners[i]!, centre);
      if (!a.runsOn) continue;
      const b = followSide(gradient, corners[(i + 2) % 4]!, corners[(i + 1) % 4]!, centre);
      if (!b.runsOn) continue;
      const whole = [...corners];
      whole[i] = a.end;
      whole[(i + 1) % 4] = b.end;
      return { cut: true, whole };
    }
    return { cut: false };
  });
}

interface Gradient {
  x: Float32Array;
  y: Float32Array;
  cols: number;
  rows: number;
}

/**
 * Whether the edge from `from` to `corner` goes on past `corner`, with the paper on `centre`'s
 * side, and if so where it ends.
 */
function followSide(
  gradient: Gradient,
  from: Point,
  corner: Point,
  centre: Point,
): { runsOn: boolean; end: Point } {
  const length = Math.hypot(corner[0] - from[0], corner[1] - from[1]);
  if (length < 1) return { runsOn: false, end: corner };
  const along: Point = [(corner[0] - from[0]) / length, (corner[1] - from[1]) / length];
  // The normal pointing into the outline: the paper is brighter there, so the step points in.
  let inward: Point = [-along[1], along[0]];
  if ((centre[0] - corner[0]) * inward[0] + (centre[1] - corner[1]) * inward[1] < 0)
    inward = [-inward[0], -inward[1]];
  // Share of the points from t0 to t1 along the side's line (negative: before the corner),
  // moved `offset` pixels inwards, where the paper side is brighter across the line.
  const share = (offset: number, t0: number, t1: number) => {
    let edge = 0;
    let count = 0;
    for (let t = t0; t <= t1; t += 1, count++) {
      const x = Math.round(corner[0] + along[0] * t + inward[0] * offset);
      const y = Math.round(corner[1] + along[1] * t + inward[1] * offset);
      if (x < 0 || y < 0 || x >= gradient.cols || y >= gradient.rows) continue;
      const gx = gradient.x[y * gradient.cols + x]!;
      const gy = gradient.y[y * gradient.cols + x]!;
      const step = gx * inward[0] + gy * inward[1];
      if (step >= EDGE_STEP && step >= ACROSS * Math.hypot(gx, gy)) edge++;
    }
    return count > 0 ? edge / count : 0;
  };
  // Where the sheet's edge lies along this side just before the corner (the corners are a few
  // pixels off it), and then whether that same line goes on past the corner. Grain on a desk
  // lined up with a side gave steps nearly anywhere within a few pixels of it, but not on it.
  let line = 0;
  let lineShare = -1;
  for (let offset = -SLACK; offset <= SLACK; offset++) {
    const before = share(offset, -length * BEYOND.to, -length * BEYOND.from);
    if (before > lineShare) [line, lineShare] = [offset, before];
  }
  let beyond = 0;
  let on = line;
  for (let offset = line - 1; offset <= line + 1; offset++) {
    const past = share(offset, length * BEYOND.from, length * BEYOND.to);
    if (past > beyond) [on, beyond] = [offset, past];
  }
  if (beyond < RUNS_ON) return { runsOn: false, end: corner };
  // On along that line, a window at a time, to where the edge stops (or the photo does).
  const far = Math.hypot(gradient.cols, gradient.rows);
  // A gap of a window or two is the edge fading where the shade is deepest, not its end.
  let end = length * BEYOND.to;
  for (let t = end; t < far && t < end + GAP * WINDOW; t += WINDOW)
    if (share(on, t, t + WINDOW - 1) >= ENDS) end = t + WINDOW;
  return { runsOn: true, end: [corner[0] + along[0] * end, corner[1] + along[1] * end] };
}
