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

/**
 * Whether one side of a four-sided outline is a shadow's edge rather than the sheet's: a deep
 * shadow across a sheet draws a second outline, the lit part's, whose corners lie on the
 * sheet's own edges. There the sheet's edges run on past both corners of the shadow's side,
 * into the shade, brighter on the inside all the way; at a sheet's real corners they stop, and
 * the desk's grain does not line up with them. `corners` are in `small`'s pixels, in order.
 */
export function cutByShadow(cv: OpenCv, small: Mat, corners: Point[]): boolean {
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
    const runsOn = (from: Point, corner: Point) => edgeRunsOn(gradient, from, corner, centre);
    for (let i = 0; i < 4; i++) {
      const before = corners[(i + 3) % 4]!;
      const a = corners[i]!;
      const b = corners[(i + 1) % 4]!;
      const after = corners[(i + 2) % 4]!;
      if (runsOn(before, a) && runsOn(after, b)) return true;
    }
    return false;
  });
}

interface Gradient {
  x: Float32Array;
  y: Float32Array;
  cols: number;
  rows: number;
}

/** Whether the edge from `from` to `corner` goes on past `corner`, with the paper on `centre`'s side. */
function edgeRunsOn(gradient: Gradient, from: Point, corner: Point, centre: Point): boolean {
  const length = Math.hypot(corner[0] - from[0], corner[1] - from[1]);
  if (length < 1) return false;
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
  for (let offset = line - 1; offset <= line + 1; offset++)
    beyond = Math.max(beyond, share(offset, length * BEYOND.from, length * BEYOND.to));
  return beyond >= RUNS_ON;
}
