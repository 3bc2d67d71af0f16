import jsQR from 'jsqr';
import { CORNER_MARK_MM, SHEET_QR, cornerMarkCentres, parseSheetQrText, type Point } from '@spellwell/shared';
import { affineFrom, homographyFrom, project, scaleAt, type Homography } from './homography.js';
import { otsu, shrink, type Grey } from './grey-image.js';
import { MARKING } from './thresholds.js';

export interface FoundSheet {
  /** What the QR code names; null when it is some other code. */
  named: { sheetId: string; page: number } | null;
  /** Sheet millimetres to photo pixels; null when the QR code was not a SpellWell sheet's. */
  toPhoto: Homography | null;
}

interface QrHit {
  data: string;
  version: number;
  corners: [Point, Point, Point, Point];
}

/** The QR code, tried on a small copy first (fast), then at the photo's full size. */
function findQr(photo: Grey): QrHit | null {
  const sizes = [Math.ceil(Math.max(photo.width, photo.height) / MARKING.qrFirstSide), 1];
  for (const factor of [...new Set(sizes)]) {
    const img = shrink(photo, factor);
    const rgba = new Uint8ClampedArray(img.width * img.height * 4);
    for (let i = 0; i < img.data.length; i++) {
      const v = img.data[i]!;
      rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = v;
      rgba[4 * i + 3] = 255;
    }
    const hit = jsQR(rgba, img.width, img.height, { inversionAttempts: 'dontInvert' });
    if (!hit) continue;
    const up = (p: Point) => ({ x: p.x * factor, y: p.y * factor });
    const l = hit.location;
    return {
      data: hit.data,
      version: hit.version,
      corners: [up(l.topLeftCorner), up(l.topRightCorner), up(l.bottomRightCorner), up(l.bottomLeftCorner)],
    };
  }
  return null;
}

/** The QR symbol's own corners on the sheet (inside its two-module quiet zone), in millimetres. */
function qrCornersMm(version: number): [Point, Point, Point, Point] {
  const modules = 17 + 4 * version;
  const module = SHEET_QR.size / (modules + 4);
  const a = SHEET_QR.x + 2 * module;
  const b = SHEET_QR.y + 2 * module;
  const side = modules * module;
  return [
    { x: a, y: b },
    { x: a + side, y: b },
    { x: a + side, y: b + side },
    { x: a, y: b + side },
  ];
}

/**
 * The filled corner square nearest to where the QR code says it should be: the dark connected
 * region in a window around it whose size and fill fit a square of CORNER_MARK_MM, by Otsu's
 * threshold of the window (so shadow across the page does not matter).
 */
function findMark(photo: Grey, guess: Point, pxPerMm: number, radiusMm: number): Point | null {
  const half = Math.round(radiusMm * pxPerMm);
  const x0 = Math.max(0, Math.round(guess.x) - half);
  const y0 = Math.max(0, Math.round(guess.y) - half);
  const x1 = Math.min(photo.width, Math.round(guess.x) + half);
  const y1 = Math.min(photo.height, Math.round(guess.y) + half);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 8 || h < 8) return null;
  const win = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    win.set(photo.data.subarray((y0 + y) * photo.width + x0, (y0 + y) * photo.width + x1), y * w);
  const t = otsu(win);
  const dark = new Uint8Array(w * h);
  for (let i = 0; i < win.length; i++) dark[i] = win[i]! <= t ? 1 : 0;
  const expected = (CORNER_MARK_MM * pxPerMm) ** 2;
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  let best: Point | null = null;
  let bestDistance = Infinity;
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) continue;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let minX = w;
    let maxX = 0;
    let minY = h;
    let maxY = 0;
    let touchesEdge = false;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      area++;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesEdge = true;
      for (const j of [i - 1, i + 1, i - w, i + w]) {
        if (j < 0 || j >= dark.length || seen[j] || !dark[j]) continue;
        if ((j === i - 1 && x === 0) || (j === i + 1 && x === w - 1)) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (touchesEdge) continue;
    const boxW = maxX - minX + 1;
    const boxH = maxY - minY + 1;
    const fill = area / (boxW * boxH);
    const ratio = area / expected;
    if (ratio < MARKING.markArea[0] || ratio > MARKING.markArea[1]) continue;
    if (fill < MARKING.markFill || boxW > 2 * boxH || boxH > 2 * boxW) continue;
    const centre = { x: x0 + sx / area + 0.5, y: y0 + sy / area + 0.5 };
    const distance = Math.hypot(centre.x - guess.x, centre.y - guess.y);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = centre;
    }
  }
  return best;
}

/**
 * Finds a SpellWell sheet in a photo: the QR code names it and, by its corners, roughly places
 * it; the four corner marks then place it exactly (they span the page, where the small code's
 * corners would magnify every pixel of error).
 */
export function findSheet(photo: Grey): FoundSheet | null {
  const qr = findQr(photo);
  if (!qr) return null;
  const named = parseSheetQrText(qr.data);
  if (!named) return { named: null, toPhoto: null };
  const qrMm = qrCornersMm(qr.version);
  const rough = affineFrom(qrMm, qr.corners);
  if (!rough) return null;
  const [tl, tr, br, bl] = cornerMarkCentres();
  const found: Point[] = [];
  const foundMm: Point[] = [];
  // Nearest the code first; each mark found sharpens where the next, farther one should be.
  let guessing = rough;
  for (const [mm, radius] of [
    [tr, MARKING.markSearchMm[0]],
    [tl, MARKING.markSearchMm[1]],
    [br, MARKING.markSearchMm[2]],
    [bl, MARKING.markSearchMm[2]],
  ] as const) {
    const mark = findMark(photo, project(guessing, mm), scaleAt(guessing, mm), radius);
    if (!mark) continue;
    found.push(mark);
    foundMm.push(mm);
    guessing = affineFrom([...foundMm, ...qrMm], [...found, ...qr.corners]) ?? guessing;
  }
  let toPhoto: Homography | null;
  if (found.length === 4) toPhoto = homographyFrom(foundMm, found);
  else if (found.length === 3) toPhoto = homographyFrom([...foundMm, ...qrMm], [...found, ...qr.corners]);
  else return null;
  if (!toPhoto) return null;
  // The marks must agree with the code: a stray dark square taken for a mark puts it elsewhere.
  const pxPerMm = scaleAt(toPhoto, qrMm[0]);
  const off = qrMm.map((p, i) =>
    Math.hypot(project(toPhoto, p).x - qr.corners[i]!.x, project(toPhoto, p).y - qr.corners[i]!.y),
  );
  if (Math.max(...off) > MARKING.qrAgreementMm * pxPerMm) return null;
  return { named, toPhoto };
}
