import { describe, expect, it } from 'vitest';
import { loadOpenCv } from '../../src/modules/ocr/opencv.js';
import { checkShadow } from '../../src/modules/ocr/shadow-edge.js';

type Point = [number, number];

const WIDTH = 480;
const HEIGHT = 640;
/** A sheet lying a little tilted on a desk, as findPage sees it (640 px, blurred). */
const SHEET: Point[] = [
  [60, 60],
  [420, 48],
  [432, 590],
  [48, 602],
];
/** Where a shadow's straight edge across the sheet (at y = 360) meets its two sides. */
const LIT_PART: Point[] = [SHEET[0]!, SHEET[1]!, [426.9, 360], [53.3, 360]];

/** Whether (x, y) lies inside the convex outline `corners` (clockwise on screen). */
function inside(corners: Point[], x: number, y: number): boolean {
  return corners.every((a, i) => {
    const b = corners[(i + 1) % corners.length]!;
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0;
  });
}

/** A photo of the sheet: paper 230, a desk (flat, or grain running across), an optional shadow. */
async function photo(options: { shadowFrom?: number; grain?: boolean }) {
  const { cv } = await loadOpenCv();
  const data = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const desk = options.grain ? 120 + Math.round(25 * Math.sin(y / 1.5)) : 110;
      const light = options.shadowFrom !== undefined && y >= options.shadowFrom ? 0.45 : 1;
      data[y * WIDTH + x] = Math.round((inside(SHEET, x, y) ? 230 : desk) * light);
    }
  const image = cv.matFromArray(HEIGHT, WIDTH, cv.CV_8UC1, data);
  cv.GaussianBlur(image, image, new cv.Size(7, 7), 0);
  return { cv, image };
}

describe('telling a shadow’s edge across a sheet from the sheet’s own edge', () => {
  it('knows the outline of the lit part, whose sides run on into the shade, and finds the sheet around it', async () => {
    const { cv, image } = await photo({ shadowFrom: 360 });
    const check = checkShadow(cv, image, LIT_PART);
    expect(check.cut).toBe(true);
    // Followed past the shadow's edge, the sheet's sides lead to its real corners (within the
    // few pixels the blur and the followed windows allow).
    const whole = check.cut ? check.whole : [];
    expect(whole.slice(0, 2)).toEqual(SHEET.slice(0, 2));
    for (const corner of [2, 3]) {
      const [found, real] = [whole[corner]!, SHEET[corner]!];
      expect(Math.hypot(found[0] - real[0], found[1] - real[1])).toBeLessThan(12);
    }
    // The whole sheet, shade and all, is a sheet: its sides stop at its corners.
    expect(checkShadow(cv, image, SHEET)).toEqual({ cut: false });
    image.delete();
  });

  it('takes a sheet on a grained desk for a sheet, the grain lying along its top and bottom edges', async () => {
    const { cv, image } = await photo({ grain: true });
    expect(checkShadow(cv, image, SHEET)).toEqual({ cut: false });
    image.delete();
  });

  it('does not call the sheet’s real bottom edge a shadow’s when no shadow lies across it', async () => {
    const { cv, image } = await photo({});
    expect(checkShadow(cv, image, SHEET)).toEqual({ cut: false });
    image.delete();
  });
});
