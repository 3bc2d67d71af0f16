import type { Mat } from '@techstark/opencv-js';
import { loadOpenCv, type OpenCv } from './opencv.js';

/** A grey image, one byte a pixel, row by row. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ColumnRule {
  x: number;
  y0: number;
  y1: number;
}

export interface FlatPage extends GreyImage {
  /** Whether a sheet was found in the photo and cut out of its background. */
  pageFound: boolean;
  /** Share of the page's ink that was rules, borders, answer lines and grid cells (0 to 1). */
  gridShare: number;
  /** The long vertical rules (table columns) on the flat page: x, and from y0 to y1. */
  columnRules: ColumnRule[];
  /** A point of the flat page back to where it is in the upright photo (0 to 1 each way). */
  toPhoto(x: number, y: number): { x: number; y: number };
}

/** Page detection works on a small copy: edges of a sheet are long and need no detail. */
const DETECT_SIDE = 640;
/** A sheet must cover this share of the photo, and not (almost) all of it, to be cut out. */
const PAGE_AREA = { min: 0.2, max: 0.96 } as const;

/** Runs `work`, then frees every OpenCV matrix it kept (WebAssembly memory is not collected). */
function withMats<T>(work: (keep: (m: Mat) => Mat) => T): T {
  const mats: Mat[] = [];
  try {
    return work((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}

/** Mean brightness of an image's outer strip is above this on a scan or a saved page. */
const FLAT_PAGE_EDGE = 215;

function edgeBrightness(image: Mat): number {
  const strip = Math.max(1, Math.round(Math.min(image.cols, image.rows) * 0.02));
  let sum = 0;
  let count = 0;
  for (let y = 0; y < image.rows; y++) {
    for (let x = 0; x < image.cols; x++) {
      if (y >= strip && y < image.rows - strip && x >= strip && x < image.cols - strip) continue;
      sum += image.ucharPtr(y, x)[0]!;
      count++;
    }
  }
  return sum / count;
}

/** Share of the photo's outer strip that must be darker than the sheet to look for it by brightness. */
const DESK_AROUND = 0.5;

/** Share of a black-and-white image's outer strip that is black. */
function deskAround(mask: Mat): number {
  const strip = Math.max(1, Math.round(Math.min(mask.cols, mask.rows) * 0.02));
  const data = mask.data;
  let dark = 0;
  let count = 0;
  for (let y = 0; y < mask.rows; y++)
    for (let x = 0; x < mask.cols; x++) {
      if (y >= strip && y < mask.rows - strip && x >= strip && x < mask.cols - strip) continue;
      if (data[y * mask.cols + x] === 0) dark++;
      count++;
    }
  return dark / count;
}

/** Orders four corners as top-left, top-right, bottom-right, bottom-left. */
function orderCorners(points: [number, number][]): [number, number][] {
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  return [bySum[0]!, byDiff[0]!, bySum[3]!, byDiff[3]!];
}

/**
 * The sheet's four corners in a photo, or undefined when no sheet stands out from its
 * background (a flat scan, a screenshot, a close-up): the largest four-sided outline.
 */
function findPage(cv: OpenCv, grey: Mat): [number, number][] | undefined {
  return withMats((keep) => {
    const scale = Math.min(1, DETECT_SIDE / Math.max(grey.cols, grey.rows));
    const small = keep(new cv.Mat());
    cv.resize(
      grey,
      small,
      new cv.Size(Math.round(grey.cols * scale), Math.round(grey.rows * scale)),
      0,
      0,
      cv.INTER_AREA,
    );
    // A scan or a saved page is white to its edges: there is no desk to cut away (and the
    // largest outline on it would be a table's border).
    if (edgeBrightness(small) > FLAT_PAGE_EDGE) return undefined;
    cv.GaussianBlur(small, small, new cv.Size(7, 7), 0);
    // The sheet's edges are long and sharp; a shadow's edge is soft and the desk's grain is
    // blurred away at this size. Brightness alone (Otsu) lost the shaded part of a sheet.
    const mask = keep(new cv.Mat());
    cv.Canny(small, mask, 40, 120);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5)));
    cv.dilate(mask, mask, kernel);
    // Where the edges are too soft or broken to close around the sheet (a blurred, noisy
    // photo), the sheet is the bright part of the photo.
    const found = largestSheet(cv, mask, scale);
    if (found) return found;
    const bright = keep(new cv.Mat());
    cv.threshold(small, bright, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    // Only a sheet lying on a desk: dark all around the frame. A screenshot's bright part
    // (a chat's background between its bars) reaches the frame's sides.
    if (deskAround(bright) < DESK_AROUND) return undefined;
    return largestSheet(cv, bright, scale);
  });
}

/** The largest four-sided outline in `mask` that covers a page's share of it, in photo pixels. */
function largestSheet(cv: OpenCv, mask: Mat, scale: number): [number, number][] | undefined {
  return withMats((keep) => {
    const contours = new cv.MatVector();
    const hierarchy = keep(new cv.Mat());
    cv.findContours(mask, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best: { area: number; points: [number, number][] } | undefined;
    const total = mask.cols * mask.rows;
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i);
      // The outline's hull, not the outline: where a tilted sheet's corners touch the frame its
      // edge is broken there, and the broken outline encloses almost nothing.
      const hull = new cv.Mat();
      cv.convexHull(contour, hull);
      const area = cv.contourArea(hull);
      if (area > total * PAGE_AREA.min && area < total * PAGE_AREA.max && (!best || area > best.area)) {
        const approx = new cv.Mat();
        cv.approxPolyDP(hull, approx, 0.02 * cv.arcLength(hull, true), true);
        if (approx.rows === 4 && cv.isContourConvex(approx)) {
          const points: [number, number][] = [];
          for (let p = 0; p < 4; p++)
            points.push([approx.data32S[p * 2]! / scale, approx.data32S[p * 2 + 1]! / scale]);
          best = { area, points: inset(orderCorners(points)) };
        }
        approx.delete();
      }
      hull.delete();
      contour.delete();
    }
    contours.delete();
    return best?.points;
  });
}

/** Corners moved 1.5% towards the centre, so the desk along the sheet's edge is left out. */
function inset(corners: [number, number][]): [number, number][] {
  const cx = corners.reduce((sum, c) => sum + c[0], 0) / 4;
  const cy = corners.reduce((sum, c) => sum + c[1], 0) / 4;
  return corners.map(([x, y]) => [x + (cx - x) * 0.03, y + (cy - y) * 0.03]);
}

const distance = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * Evens out the light: each pixel divided by the paper's brightness around it (a large
 * closing removes the print and keeps the paper, shadows included), so a shadow across the
 * page or a dim corner becomes white paper with black print.
 */
function evenLight(cv: OpenCv, grey: Mat): void {
  withMats((keep) => {
    const background = keep(new cv.Mat());
    const small = keep(new cv.Mat());
    // On a quarter-size copy: the paper's light changes slowly, and this is 16 times cheaper.
    cv.resize(
      grey,
      small,
      new cv.Size(Math.max(1, grey.cols >> 2), Math.max(1, grey.rows >> 2)),
      0,
      0,
      cv.INTER_AREA,
    );
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(15, 15)));
    cv.morphologyEx(small, small, cv.MORPH_CLOSE, kernel);
    cv.GaussianBlur(small, small, new cv.Size(9, 9), 0);
    cv.resize(small, background, new cv.Size(grey.cols, grey.rows), 0, 0, cv.INTER_LINEAR);
    cv.divide(grey, background, grey, 255);
  });
}

/**
 * Long straight lines are not print: table rules and cell borders, underscore answer lines,
 * the cells of a 田字格/米字格 grid. They are found as long thin runs of ink and painted white.
 * Returns the share of ink they were, and the x of long vertical rules (table columns).
 */
function removeRules(cv: OpenCv, grey: Mat): { gridShare: number; columnRules: ColumnRule[] } {
  return withMats((keep) => {
    const ink = keep(new cv.Mat());
    cv.adaptiveThreshold(grey, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 31, 15);
    const length = Math.max(40, Math.round(Math.min(grey.cols, grey.rows) / 16));
    const horizontal = keep(new cv.Mat());
    const vertical = keep(new cv.Mat());
    const hKernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(length, 1)));
    const vKernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, length)));
    cv.morphologyEx(ink, horizontal, cv.MORPH_OPEN, hKernel);
    cv.morphologyEx(ink, vertical, cv.MORPH_OPEN, vKernel);
    removeDottedLines(cv, ink, grey);
    const rules = keep(new cv.Mat());
    cv.bitwise_or(horizontal, vertical, rules);
    const near = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(rules, rules, near);
    const inkPixels = cv.countNonZero(ink);
    const rulePixels = cv.countNonZero(rules);
    grey.setTo(new cv.Scalar(255), rules);
    // Where a stroke crossed a rule (a character drawn over a 田字格's middle lines), bridge
    // the short gap the removal left in it, so the character is whole again.
    const kept = keep(new cv.Mat());
    cv.subtract(ink, rules, kept);
    const across = keep(new cv.Mat());
    const along = keep(new cv.Mat());
    cv.morphologyEx(
      kept,
      across,
      cv.MORPH_CLOSE,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, 11))),
    );
    cv.morphologyEx(
      kept,
      along,
      cv.MORPH_CLOSE,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(11, 1))),
    );
    cv.bitwise_or(across, along, across);
    cv.bitwise_and(across, rules, across);
    grey.setTo(new cv.Scalar(30), across);

    // Table columns: vertical rules at least a fifth of the page tall.
    const columnRules: ColumnRule[] = [];
    const rows = vertical.rows;
    let run: ColumnRule | undefined;
    for (let x = 0; x <= vertical.cols; x++) {
      let count = 0;
      let y0 = rows;
      let y1 = 0;
      if (x < vertical.cols)
        for (let y = 0; y < rows; y += 2)
          if (vertical.ucharPtr(y, x)[0]) {
            count += 2;
            y0 = Math.min(y0, y);
            y1 = y;
          }
      if (count > rows / 5) {
        run = run ? { x: run.x, y0: Math.min(run.y0, y0), y1: Math.max(run.y1, y1) } : { x, y0, y1 };
      } else if (run) {
        columnRules.push({ ...run, x: (run.x + x - 1) / 2 });
        run = undefined;
      }
    }
    return { gridShare: inkPixels ? Math.min(1, rulePixels / inkPixels) : 0, columnRules };
  });
}

/**
 * Dotted answer lines ("necessary ..........."): a row of many small dots. Tesseract takes
 * them for the line's baseline and reads the word beside them as capitals ("thOUGN"). Dots
 * are tiny blobs; a run of at least eight of them, close together on one row, is painted white.
 * i-dots and full stops stand alone and stay.
 */
function removeDottedLines(cv: OpenCv, ink: Mat, grey: Mat): void {
  withMats((keep) => {
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(ink, labels, stats, centroids, 8, cv.CV_32S);
    const s = stats.data32S;
    const heights: number[] = [];
    for (let i = 1; i < count; i++) if (s[i * 5 + 3]! > 8) heights.push(s[i * 5 + 3]!);
    heights.sort((a, b) => a - b);
    const letter = heights[Math.floor(heights.length / 2)] ?? 20;
    const dotSize = Math.max(3, Math.round(letter * 0.3));
    const dots: { x: number; y: number; w: number; h: number }[] = [];
    for (let i = 1; i < count; i++) {
      const [x, y, w, h] = [s[i * 5]!, s[i * 5 + 1]!, s[i * 5 + 2]!, s[i * 5 + 3]!];
      if (h <= dotSize && w <= dotSize * 1.5) dots.push({ x, y, w, h });
    }
    const rows = new Map<number, typeof dots>();
    for (const dot of dots) {
      const row = Math.round((dot.y + dot.h / 2) / dotSize);
      rows.set(row, [...(rows.get(row) ?? []), dot]);
    }
    for (const row of rows.values()) {
      row.sort((a, b) => a.x - b.x);
      let start = 0;
      for (let i = 1; i <= row.length; i++) {
        if (i < row.length && row[i]!.x - row[i - 1]!.x < dotSize * 6) continue;
        if (i - start >= 8)
          for (const dot of row.slice(start, i))
            cv.rectangle(
              grey,
              new cv.Point(dot.x - 1, dot.y - 1),
              new cv.Point(dot.x + dot.w, dot.y + dot.h),
              new cv.Scalar(255),
              -1,
            );
        start = i;
      }
    }
  });
}

/**
 * A photo of a worksheet to a flat page for recognition: the sheet found and cut out of the
 * desk, its perspective corrected, its light evened out and its rules, answer lines and grids
 * removed. `image` is already upright and grey.
 */
export async function flattenPage(image: GreyImage): Promise<FlatPage> {
  const { cv } = await loadOpenCv();
  const source = cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.data);
  let page = source;
  let toPhoto = (x: number, y: number) => ({ x: x / image.width, y: y / image.height });
  try {
    const corners = findPage(cv, source);
    if (corners) {
      const [tl, tr, br, bl] = corners as [
        [number, number],
        [number, number],
        [number, number],
        [number, number],
      ];
      const width = Math.round(Math.max(distance(tl, tr), distance(bl, br)));
      const height = Math.round(Math.max(distance(tl, bl), distance(tr, br)));
      const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]);
      const to = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat());
      const forward = cv.getPerspectiveTransform(to, from);
      const back = cv.getPerspectiveTransform(from, to);
      page = new cv.Mat();
      cv.warpPerspective(
        source,
        page,
        forward,
        new cv.Size(width, height),
        cv.INTER_LINEAR,
        cv.BORDER_REPLICATE,
      );
      const m = Array.from(back.data64F);
      toPhoto = (x, y) => {
        const w = m[6]! * x + m[7]! * y + m[8]!;
        return {
          x: (m[0]! * x + m[1]! * y + m[2]!) / w / image.width,
          y: (m[3]! * x + m[4]! * y + m[5]!) / w / image.height,
        };
      };
      for (const mat of [from, to, forward, back]) mat.delete();
    }
    evenLight(cv, page);
    const { gridShare, columnRules } = removeRules(cv, page);
    return {
      data: new Uint8Array(page.data),
      width: page.cols,
      height: page.rows,
      pageFound: Boolean(corners),
      gridShare,
      columnRules,
      toPhoto,
    };
  } finally {
    if (page !== source) page.delete();
    source.delete();
  }
}
