import type { Mat } from '@techstark/opencv-js';
import { loadOpenCv, withMats, type OpenCv } from './opencv.js';
import { readCells, type CellRead } from './read-cells.js';
import { checkShadow } from './shadow-edge.js';
import { noLap, type Lap } from './stopwatch.js';

/** A grey image, one byte a pixel, row by row. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
  /**
   * For a colour photo, each pixel's brightest channel: red or green grid lines (米字格 and
   * 田字格 paper is printed in colour) are almost as light as the paper there, black print is not.
   */
  lightest?: Uint8Array;
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
  /** On a sheet of 田字格/米字格 cells, when asked for: its characters set out clean, by phrase. */
  cells?: CellRead;
}

export interface FlattenOptions {
  /** Look for rows of character cells and set their characters out (Chinese sheets). */
  readCells?: boolean;
}

/** Page detection works on a small copy: edges of a sheet are long and need no detail. */
const DETECT_SIDE = 640;
/** A sheet must cover this share of the photo, and not (almost) all of it, to be cut out. */
const PAGE_AREA = { min: 0.2, max: 0.96 } as const;

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
 * background (a flat scan, a screenshot, a close-up): the largest four-sided outline that a
 * sheet in perspective could make (a shadow across the sheet also draws one, far from square).
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
    const found = sheetByEdges(cv, small, scale, EDGES);
    // On a pale desk a table's border can be the sharpest outline in the photo, and the sheet
    // around it only faint: the page is the sheet (cut to the table, its outer rules went
    // with the margin, and its columns were read as one).
    if (found) return sheetRound(found, sheetByEdges(cv, small, scale, FAINT_EDGES)) ?? found;
    // Where the edges are too soft or broken to close around the sheet (a blurred, noisy
    // photo), the sheet is the bright part of the photo.
    const bright = keep(new cv.Mat());
    cv.threshold(small, bright, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    // Only a sheet lying on a desk: dark all around the frame. A screenshot's bright part
    // (a chat's background between its bars) reaches the frame's sides.
    const lit = deskAround(bright) >= DESK_AROUND ? largestSheet(cv, bright, scale, small) : undefined;
    // On a pale desk the sheet is only a little brighter than the desk, less still in a
    // shadow: its edges are faint, and the bright part of the photo is desk and sheet together.
    return lit ?? sheetByEdges(cv, small, scale, FAINT_EDGES);
  });
}

interface EdgeFinding {
  /** Canny's thresholds. */
  thresholds: readonly [number, number];
  /**
   * Only an outline drawn by the sheet's own edges all round: faint edges also find a soft
   * shadow's edge, and a corner in the shade cut off, and following such an outline on (as
   * a shadow's edge is followed at full contrast) led off the sheet.
   */
  strict: boolean;
}

/** A sheet's edges against the desk, and the faint ones of a sheet on a pale desk. */
const EDGES: EdgeFinding = { thresholds: [40, 120], strict: false };
const FAINT_EDGES: EdgeFinding = { thresholds: [20, 60], strict: true };

/** The sheet outlined by the edges in the blurred copy `small`. */
function sheetByEdges(
  cv: OpenCv,
  small: Mat,
  scale: number,
  { thresholds: [low, high], strict }: EdgeFinding,
): [number, number][] | undefined {
  return withMats((keep) => {
    const mask = keep(new cv.Mat());
    cv.Canny(small, mask, low, high);
    cv.dilate(mask, mask, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5))));
    return largestSheet(cv, mask, scale, small, strict);
  });
}

/** A sheet outlined by faint edges is around another outline only when this much larger. */
const ROUND_AREA = 1.2;

/** `outer`, when it is a sheet around `inner` (each corner of `inner` inside it), else nothing. */
function sheetRound(
  inner: [number, number][],
  outer: [number, number][] | undefined,
): [number, number][] | undefined {
  if (!outer || quadArea(outer) < quadArea(inner) * ROUND_AREA) return undefined;
  // Inside a convex outline, a point lies on the same side of each of its edges.
  const side = ([ax, ay]: [number, number], [bx, by]: [number, number], [px, py]: [number, number]) =>
    Math.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax));
  const inside = (point: [number, number]) =>
    new Set(outer.map((corner, i) => side(corner, outer[(i + 1) % 4]!, point))).size === 1;
  return inner.every(inside) ? outer : undefined;
}

/** In a strict search, each side of an outline lies on edges for at least this share of it. */
const SIDE_ON_EDGES = 0.9;

/** The least share of any side of `corners` that lies on (within a pixel of) `mask`'s edges. */
function sidesOnEdges(mask: Mat, corners: [number, number][]): number {
  const on = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px >= 0 && py >= 0 && px < mask.cols && py < mask.rows && mask.data[py * mask.cols + px])
          return true;
      }
    return false;
  };
  return Math.min(
    ...corners.map(([ax, ay], i) => {
      const [bx, by] = corners[(i + 1) % 4]!;
      const steps = Math.max(1, Math.round(Math.hypot(bx - ax, by - ay)));
      let hits = 0;
      for (let t = 0; t <= steps; t++)
        if (on(ax + ((bx - ax) * t) / steps, ay + ((by - ay) * t) / steps)) hits++;
      return hits / (steps + 1);
    }),
  );
}

/**
 * The largest four-sided outline in `mask` that covers a page's share of it and could be a
 * sheet (not the lit part of one, cut off by a shadow's edge), in photo pixels. `small` is the
 * blurred photo the mask was made from.
 */
function largestSheet(
  cv: OpenCv,
  mask: Mat,
  scale: number,
  small: Mat,
  strict = false,
): [number, number][] | undefined {
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
          for (let p = 0; p < 4; p++) points.push([approx.data32S[p * 2]!, approx.data32S[p * 2 + 1]!]);
          const outline = orderCorners(points);
          const sheet =
            strict && sidesOnEdges(mask, outline) < SIDE_ON_EDGES
              ? undefined
              : sheetAround(cv, small, outline, !strict);
          const sheetArea = sheet && quadArea(sheet);
          if (sheet && sheetArea! < total * PAGE_AREA.max && (!best || sheetArea! > best.area))
            best = { area: sheetArea!, points: inset(sheet.map(([x, y]) => [x / scale, y / scale])) };
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

/**
 * The sheet an outline is, or is the lit part of: the outline itself when no shadow's edge
 * cuts it, the whole sheet (its edges followed past the shadow) when one does and
 * `followShadows` allows, and in either case only when it could be a sheet seen in perspective.
 */
function sheetAround(
  cv: OpenCv,
  small: Mat,
  corners: [number, number][],
  followShadows: boolean,
): [number, number][] | undefined {
  const shadow = checkShadow(cv, small, corners);
  if (shadow.cut && !followShadows) return undefined;
  const sheet = shadow.cut ? shadow.whole : corners;
  if (!looksLikeASheet(sheet) || sidesOnFrame(sheet, small) >= FRAME_SIDES) return undefined;
  // Followed on to where its edges stop, the sheet must not be cut by a shadow again.
  return shadow.cut && checkShadow(cv, small, sheet).cut ? undefined : sheet;
}

/**
 * An outline with this many sides along the photo's border is not a sheet lying on a desk but
 * the lit part of the frame: under a shadow across the top, the bright part was the sheet's
 * lower half and the pale desk on three sides of it.
 */
const FRAME_SIDES = 3;
/** A side within this share of the photo's width or height from its border lies along it. */
const ON_FRAME = 0.02;

/** How many sides of an outline lie along the border of `image` (both their ends near one edge). */
function sidesOnFrame(corners: [number, number][], image: Mat): number {
  const mx = image.cols * ON_FRAME;
  const my = image.rows * ON_FRAME;
  const edges = ([x, y]: [number, number]) => [
    x <= mx,
    y <= my,
    x >= image.cols - 1 - mx,
    y >= image.rows - 1 - my,
  ];
  return corners.filter((corner, i) => {
    const a = edges(corner);
    const b = edges(corners[(i + 1) % corners.length]!);
    return a.some((near, edge) => near && b[edge]);
  }).length;
}

/** The area of a four-sided outline (the shoelace formula). */
function quadArea(corners: [number, number][]): number {
  let twice = 0;
  corners.forEach(([x, y], i) => {
    const [nx, ny] = corners[(i + 1) % corners.length]!;
    twice += x * ny - nx * y;
  });
  return Math.abs(twice) / 2;
}

const distance = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * A sheet seen at an angle: each side no more than this many times as long as the one
 * opposite. Steep phone photos measure up to 1.17; the outline of a sheet's lit part, cut off
 * by a shadow's edge across it, measured 3.2.
 */
const SIDE_RATIO = 1.5;

/** Whether four ordered corners could be a rectangular sheet seen in perspective. */
function looksLikeASheet([tl, tr, br, bl]: [number, number][]): boolean {
  const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(1, Math.min(a, b));
  return (
    ratio(distance(tl!, tr!), distance(bl!, br!)) <= SIDE_RATIO &&
    ratio(distance(tl!, bl!), distance(tr!, br!)) <= SIDE_RATIO
  );
}

/** Corners moved 1.5% towards the centre, so the desk along the sheet's edge is left out. */
function inset(corners: [number, number][]): [number, number][] {
  const cx = corners.reduce((sum, c) => sum + c[0], 0) / 4;
  const cy = corners.reduce((sum, c) => sum + c[1], 0) / 4;
  return corners.map(([x, y]) => [x + (cx - x) * 0.03, y + (cy - y) * 0.03]);
}

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

/** Darker than this on the evened page is a stroke of print, not a grid line's pale fringe. */
const STROKE_INK = 128;
/** Darker than this on the evened page is ink, however light the print around it. */
const FAINT_INK = 200;

/**
 * Long straight lines are not print: table rules and cell borders, underscore answer lines,
 * the cells of a 田字格/米字格 grid. They are found as long thin runs of ink and painted white.
 * Returns the share of ink they were, and the x of long vertical rules (table columns).
 */
function removeRules(
  cv: OpenCv,
  grey: Mat,
  characterCells: boolean,
): { gridShare: number; columnRules: ColumnRule[]; cells: boolean } {
  return withMats((keep, free) => {
    const ink = keep(new cv.Mat());
    cv.adaptiveThreshold(grey, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 31, 15);
    // Beside a character the local mean drops and a faint grid line falls under the adaptive
    // cut, which broke the 田字格's middle line there into pieces too short to be a rule (they
    // stayed, as stubs through 朋 and 漂). The light is even by now, so a fixed cut sees it.
    const faint = keep(new cv.Mat());
    cv.threshold(grey, faint, FAINT_INK, 255, cv.THRESH_BINARY_INV);
    cv.bitwise_or(ink, faint, ink);
    free(faint);
    // Before the rule masks exist: its labels take four bytes a pixel.
    removeDottedLines(cv, ink, grey);
    const length = Math.max(40, Math.round(Math.min(grey.cols, grey.rows) / 16));
    const horizontal = keep(new cv.Mat());
    const vertical = keep(new cv.Mat());
    const hKernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(length, 1)));
    const vKernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, length)));
    cv.morphologyEx(ink, horizontal, cv.MORPH_OPEN, hKernel);
    cv.morphologyEx(ink, vertical, cv.MORPH_OPEN, vKernel);
    const lines = keep(new cv.Mat());
    cv.bitwise_or(horizontal, vertical, lines);
    const rules = keep(new cv.Mat());
    cv.dilate(lines, rules, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3))));
    const inkPixels = cv.countNonZero(ink);
    const rulePixels = cv.countNonZero(rules);
    // Cells have sides both ways; answer lines (underscores, lighter than the words in a
    // photo) run across only, and whitening by darkness ate the dot of an i beside them.
    const cells =
      rulePixels >= inkPixels * GRID_SHEET &&
      cv.countNonZero(vertical) >= CELL_SIDES * cv.countNonZero(horizontal);
    // Only for a sheet of character cells: in a word table, the anti-aliased dots of i and j
    // are as light as its rules, and whitening by level took them ("ayam ȷantan" was read as
    // "Ayam Jantan").
    const gridLevel = cells && characterCells ? lightGridLevel(cv, grey, ink, lines, rules) : undefined;
    protectPrint(cv, grey, ink, lines, rules, [hKernel, vKernel]);
    // A copy by copyTo: this build's clone() answered a matrix sharing grey's pixels.
    const before = keep(new cv.Mat());
    grey.copyTo(before);
    grey.setTo(new cv.Scalar(255), rules);
    // Where a stroke crossed a rule (a character drawn over a 田字格's middle lines), bridge
    // the short gap the removal left in it, so the character is whole again. Only strokes that
    // run across the rule count (an opening along the crossing direction first): the thin
    // anti-aliased fringe beside a rule, closed over it, put back stubs of the middle line
    // beside 朋 and 漂 ("期友", "谭亮").
    // The ink left, a pixel further from the rules than what was painted white: a rule's pale
    // fringe runs along it, and would be "bridged" across every crossing rule.
    const kept = keep(new cv.Mat());
    cv.dilate(rules, kept, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5))));
    cv.subtract(ink, kept, kept);
    free(ink, lines, rules);
    const near = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    const bridge = keep(new cv.Mat());
    const bridges = keep(cv.Mat.zeros(grey.rows, grey.cols, cv.CV_8UC1));
    for (const [lines, size] of [
      [horizontal, new cv.Size(1, 5)],
      [vertical, new cv.Size(5, 1)],
    ] as const) {
      const stroke = keep(cv.getStructuringElement(cv.MORPH_RECT, size));
      const gap = keep(
        cv.getStructuringElement(
          cv.MORPH_RECT,
          new cv.Size(size.width === 1 ? 1 : 11, size.height === 1 ? 1 : 11),
        ),
      );
      cv.morphologyEx(kept, bridge, cv.MORPH_OPEN, stroke);
      cv.morphologyEx(bridge, bridge, cv.MORPH_CLOSE, gap);
      cv.dilate(lines, lines, near);
      cv.bitwise_and(bridge, lines, bridge);
      cv.bitwise_or(bridges, bridge, bridges);
    }
    // The bridge gets the photo's own pixels back, only where the photo was dark there: the stroke lay over the rule. The pale fringe of a
    // cell border, crossed by another border, would come back as a dot at every grid corner.
    const dark = keep(new cv.Mat());
    cv.threshold(before, dark, STROKE_INK, 255, cv.THRESH_BINARY_INV);
    cv.bitwise_and(bridges, dark, bridges);
    before.copyTo(grey, bridges);
    free(before, kept, bridge, bridges, dark);
    if (gridLevel !== undefined) {
      const paper = keep(new cv.Mat());
      cv.threshold(grey, paper, gridLevel, 255, cv.THRESH_BINARY);
      grey.setTo(new cv.Scalar(255), paper);
    }

    // Table columns: vertical rules at least a fifth of the page tall.
    const columnRules: ColumnRule[] = [];
    const rows = vertical.rows;
    const cols = vertical.cols;
    // Read straight from the matrix's memory: ucharPtr makes an array per pixel (a second on a photo).
    const bits = vertical.data;
    let run: ColumnRule | undefined;
    for (let x = 0; x <= cols; x++) {
      let count = 0;
      let y0 = rows;
      let y1 = 0;
      if (x < cols)
        for (let y = 0; y < rows; y += 2)
          if (bits[y * cols + x]) {
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
    return { gridShare: inkPixels ? Math.min(1, rulePixels / inkPixels) : 0, columnRules, cells };
  });
}

/** Share of the ink in rules above which a page is a sheet of grid cells or a table, not a list. */
const GRID_SHEET = 0.3;
/** A grid of cells has at least this much of its rules' ink running down as across. */
const CELL_SIDES = 0.25;

/**
 * On a sheet of grid cells printed lighter than its print (grey, green or red 田字格/米字格
 * paper), the grey level between the two: whatever is lighter is grid, wherever it lies (the
 * 米字格's diagonals, which are not long runs across or down, the stubs of middle lines beside
 * a character, the pale outline of every cell), and is painted white. The print is measured
 * by its darkest tenth: what is left besides the rules is mostly the grid's fringe and
 * diagonals, whose median (measured 145 to 202) was lighter than the rules themselves.
 * Undefined when the rules are as dark as the print (a black table, a form's underscores).
 */
function lightGridLevel(cv: OpenCv, grey: Mat, ink: Mat, lines: Mat, rules: Mat): number | undefined {
  return withMats((keep) => {
    const text = keep(new cv.Mat());
    cv.subtract(ink, rules, text);
    const lineCore = level(grey, lines, 0.05);
    const printCore = level(grey, text, 0.1);
    if (lineCore === undefined || printCore === undefined || printCore > lineCore - DARKER_PRINT)
      return undefined;
    return Math.max((printCore + lineCore) / 2, lineCore + (255 - lineCore) / 8);
  });
}

/** Print this much darker than the grid's lines is told apart from them by darkness. */
const DARKER_PRINT = 40;

/** The grey level below which `share` of the pixels under `mask` lie. */
function level(grey: Mat, mask: Mat, share: number): number | undefined {
  const values = grey.data;
  const inside = mask.data;
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < inside.length; i++)
    if (inside[i]) {
      histogram[values[i]!]!++;
      count++;
    }
  if (count === 0) return undefined;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= count * share) return v;
  return 255;
}

/**
 * A grid printed lighter than the words (a grey or coloured 田字格) loses only its own pixels:
 * where a character's stroke runs along a middle line (the centre stroke of 帮) or crosses it,
 * the pixels darker than halfway between the grid's darkest lines (its borders' core) and the
 * print are print and are kept out of `rules`. Black table rules are as dark as the print,
 * and are removed whole as before.
 */
function protectPrint(cv: OpenCv, grey: Mat, ink: Mat, lines: Mat, rules: Mat, kernels: [Mat, Mat]): void {
  withMats((keep, free) => {
    const text = keep(new cv.Mat());
    cv.subtract(ink, rules, text);
    const lineCore = level(grey, lines, 0.05);
    const textCore = level(grey, text, 0.5);
    free(text);
    if (lineCore === undefined || textCore === undefined || textCore > lineCore - DARKER_PRINT) return;
    const print = keep(new cv.Mat());
    cv.threshold(grey, print, (textCore + lineCore) / 2, 255, cv.THRESH_BINARY_INV);
    // Lines as dark as the print (a form's underscores, a black table border) still go.
    const darkLines = keep(new cv.Mat());
    const darkDown = keep(new cv.Mat());
    // (closed first: a row of "_" is dark glyphs with paler joins between them)
    cv.morphologyEx(
      print,
      darkLines,
      cv.MORPH_CLOSE,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 1))),
    );
    cv.morphologyEx(darkLines, darkLines, cv.MORPH_OPEN, kernels[0]);
    cv.morphologyEx(
      print,
      darkDown,
      cv.MORPH_CLOSE,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, 5))),
    );
    cv.morphologyEx(darkDown, darkDown, cv.MORPH_OPEN, kernels[1]);
    cv.bitwise_or(darkLines, darkDown, darkLines);
    free(darkDown);
    cv.dilate(darkLines, darkLines, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3))));
    cv.subtract(print, darkLines, print);
    free(darkLines);
    // With the print safe, the lines' pale fringe goes too: left, it outlined every cell, and
    // Tesseract took the cell's height for the row's (rows of 106 px for 62 px characters).
    cv.dilate(lines, rules, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(7, 7))));
    cv.subtract(rules, print, rules);
  });
}

/** Dots in a row that make an answer line; i-dots and full stops stand alone. */
const DOTTED_LINE = 8;

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
    // Each dot is linked to the nearest dot after it on its line (close across, and within half
    // a dot's height up or down). A dotted line left slightly tilted drifts from one row of
    // pixels to the next: grouped by fixed rows, it was cut into pieces too short to count,
    // and the dots that stayed were read as a word ("REE").
    dots.sort((a, b) => a.x - b.x);
    const chain = dots.map((_, i) => i);
    const root = (i: number): number => {
      while (chain[i] !== i) i = chain[i] = chain[chain[i]!]!;
      return i;
    };
    const middle = (dot: (typeof dots)[number]) => dot.y + dot.h / 2;
    for (let i = 0; i < dots.length; i++)
      for (let j = i + 1; j < dots.length && dots[j]!.x - dots[i]!.x < dotSize * 6; j++)
        if (Math.abs(middle(dots[j]!) - middle(dots[i]!)) <= dotSize / 2) {
          chain[root(j)] = root(i);
          break;
        }
    const length = new Map<number, number>();
    for (let i = 0; i < dots.length; i++) length.set(root(i), (length.get(root(i)) ?? 0) + 1);
    dots.forEach((dot, i) => {
      if (length.get(root(i))! >= DOTTED_LINE)
        cv.rectangle(
          grey,
          new cv.Point(dot.x - 1, dot.y - 1),
          new cv.Point(dot.x + dot.w, dot.y + dot.h),
          new cv.Scalar(255),
          -1,
        );
    });
  });
}

/**
 * A grid is coloured when its lines, measured against the paper around them, are at most this
 * share as dark in their lightest channel as in grey (black print: about 1; the red 米字格 of a
 * photo in warm light: measured below 0.5).
 */
const COLOURED_RULES = 0.6;

/**
 * Whether the page's rules and grid cells are printed in colour and its words are not (red or
 * green 米字格/田字格 paper, a coloured table). Then the page is better read in each pixel's
 * lightest channel, where the whole grid, diagonals and the parts touching a character
 * included, is nearly paper: morphology alone left the diagonals and the faint cell lines
 * beside the characters, and nothing of a 米字格 photo was read. Measured on a half-size copy,
 * both channels with their light evened out, so a tint of the light or the paper does not
 * count as colour. Returns the rules' share of the ink, for explaining an empty page.
 */
function colouredGrid(cv: OpenCv, grey: Mat, lightest: Mat): number | undefined {
  return withMats((keep) => {
    const size = new cv.Size(Math.max(1, grey.cols >> 1), Math.max(1, grey.rows >> 1));
    const small = keep(new cv.Mat());
    const colour = keep(new cv.Mat());
    cv.resize(grey, small, size, 0, 0, cv.INTER_AREA);
    cv.resize(lightest, colour, size, 0, 0, cv.INTER_AREA);
    evenLight(cv, small);
    evenLight(cv, colour);
    const ink = keep(new cv.Mat());
    cv.adaptiveThreshold(small, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 15, 10);
    const length = Math.max(20, Math.round(Math.min(small.cols, small.rows) / 16));
    const horizontal = keep(new cv.Mat());
    const rules = keep(new cv.Mat());
    cv.morphologyEx(
      ink,
      horizontal,
      cv.MORPH_OPEN,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(length, 1))),
    );
    cv.morphologyEx(
      ink,
      rules,
      cv.MORPH_OPEN,
      keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, length))),
    );
    cv.bitwise_or(horizontal, rules, rules);
    const rulePixels = cv.countNonZero(rules);
    const inkPixels = cv.countNonZero(ink);
    if (rulePixels < inkPixels * 0.05 || rulePixels === inkPixels) return undefined;
    const text = keep(new cv.Mat());
    cv.subtract(ink, rules, text);
    // How dark against the paper (255 once the light is evened), in each channel.
    const darkness = (image: Mat, mask: Mat) => 255 - cv.mean(image, mask)[0]!;
    const ruleShare = darkness(colour, rules) / Math.max(1, darkness(small, rules));
    const textShare = darkness(colour, text) / Math.max(1, darkness(small, text));
    // The words must be clearly less coloured than the grid (their share also counts the
    // grid's diagonals, which are not long runs across or down).
    return ruleShare <= COLOURED_RULES && textShare - ruleShare >= 0.2 ? rulePixels / inkPixels : undefined;
  });
}

/** Mean brightness below which a page is light print on a dark background (a chat in dark mode). */
const DARK_PAGE = 100;

/**
 * Whether the page is mostly dark: a screenshot in dark mode. A sheet of paper is light even
 * under a shadow, and a photo whose sheet was not found is still mostly paper.
 */
function darkPage(cv: OpenCv, page: Mat): boolean {
  return withMats((keep) => {
    const small = keep(new cv.Mat());
    cv.resize(
      page,
      small,
      new cv.Size(Math.max(1, page.cols >> 3), Math.max(1, page.rows >> 3)),
      0,
      0,
      cv.INTER_AREA,
    );
    return cv.mean(small)[0]! < DARK_PAGE;
  });
}

/** The same perspective warp applied to another channel of the photo. */
function warp(cv: OpenCv, source: Mat, transform: Mat, width: number, height: number): Mat {
  const out = new cv.Mat();
  cv.warpPerspective(
    source,
    out,
    transform,
    new cv.Size(width, height),
    cv.INTER_LINEAR,
    cv.BORDER_REPLICATE,
  );
  return out;
}

/**
 * A photo of a worksheet to a flat page for recognition: the sheet found and cut out of the
 * desk, its perspective corrected, its light evened out and its rules, answer lines and grids
 * removed. `image` is already upright and grey.
 */
export async function flattenPage(
  image: GreyImage,
  lap: Lap = noLap,
  options: FlattenOptions = {},
): Promise<FlatPage> {
  const { cv } = await loadOpenCv();
  lap('load OpenCV');
  return withMats((keep, free) => {
    const source = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.data));
    const lightSource = image.lightest
      ? keep(cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.lightest))
      : undefined;
    let page = source;
    let light = lightSource;
    let toPhoto = (x: number, y: number) => ({ x: x / image.width, y: y / image.height });
    const corners = findPage(cv, source);
    lap('find the page');
    if (corners) {
      const [tl, tr, br, bl] = corners as [
        [number, number],
        [number, number],
        [number, number],
        [number, number],
      ];
      const width = Math.round(Math.max(distance(tl, tr), distance(bl, br)));
      const height = Math.round(Math.max(distance(tl, bl), distance(tr, br)));
      const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]));
      const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat()));
      const forward = keep(cv.getPerspectiveTransform(to, from));
      const back = keep(cv.getPerspectiveTransform(from, to));
      page = keep(warp(cv, source, forward, width, height));
      if (lightSource) light = keep(warp(cv, lightSource, forward, width, height));
      free(source, lightSource);
      const m = Array.from(back.data64F);
      toPhoto = (x, y) => {
        const w = m[6]! * x + m[7]! * y + m[8]!;
        return {
          x: (m[0]! * x + m[1]! * y + m[2]!) / w / image.width,
          y: (m[3]! * x + m[4]! * y + m[5]!) / w / image.height,
        };
      };
      lap('warp');
    }
    // A dark-mode screenshot (light text on a dark background) is turned into dark text on
    // light paper: evening the light divides by the brightest surroundings, which there is the
    // text itself, and the words came out as white on white.
    const dark = darkPage(cv, page);
    if (dark) cv.bitwise_not(page, page);
    const colourGrid = light && !dark ? colouredGrid(cv, page, light) : undefined;
    lap('grid colour');
    const read = colourGrid !== undefined ? light! : page;
    // The channel not read goes before the rules are looked for (the grey page stays when its
    // grid's lines are to be found there, below).
    if (read !== light) free(light);
    else if (!options.readCells) free(page);
    evenLight(cv, read);
    // What is left of a coloured grid in the lightest channel is a pale tint of the paper:
    // a linear stretch (anti-aliasing kept) takes everything above 200 to white.
    if (colourGrid !== undefined) cv.convertScaleAbs(read, read, 255 / 200, 0);
    lap('even the light');
    // The page as it is before its rules go: a grid sheet's cells are read from it. (Kept out
    // of OpenCV's heap, which never shrinks, while the rules are removed.)
    const unruled = options.readCells ? new Uint8Array(read.data) : undefined;
    const { gridShare, columnRules, cells } = removeRules(cv, read, options.readCells ?? false);
    lap('remove rules');
    let cellRead: CellRead | undefined;
    if (unruled && (cells || colourGrid !== undefined)) {
      // A coloured grid is nearly paper in the lightest channel: its lines are found in grey.
      if (colourGrid !== undefined) evenLight(cv, page);
      cellRead = readCells(
        cv,
        { data: unruled, width: read.cols, height: read.rows },
        colourGrid !== undefined ? page : undefined,
      );
      lap('read the cells');
    }
    return {
      data: new Uint8Array(read.data),
      width: read.cols,
      height: read.rows,
      pageFound: Boolean(corners),
      gridShare: Math.max(gridShare, colourGrid ?? 0),
      columnRules,
      toPhoto,
      ...(cellRead ? { cells: cellRead } : {}),
    };
  });
}
