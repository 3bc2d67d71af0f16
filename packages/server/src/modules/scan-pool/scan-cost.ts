import { OCR_MAX_PIXELS } from '@spellwell/shared';

/**
 * What a scan costs, in pixels, known from the image's header before anything is decoded: the
 * pixels decoded (weighted by how the format is decoded) and the largest page the reading
 * makes. Admission (admission.ts) adds these up; the memory they stand for is in
 * docs/security.md ("Scans"), measured by bench/scan-flood.ts.
 */

/**
 * The reading's sizes, as the scanner makes them (prepare-image.ts: the long side brought down
 * to 2400 px, or a small image enlarged towards 1500 px at most twice; ocr-service.ts: a
 * second pass at up to twice the size each way). Mirrored here, not imported: they are the
 * scanner's own, and an estimate a little off only moves the admission's margin.
 */
const PREPARED = { longestMax: 2400, longestMin: 1500, enlargeAtMost: 2 } as const;
const RESCALE_AT_MOST = 2;

/**
 * libvips decodes most formats a strip at a time or shrinks them while decoding (JPEG, WebP),
 * so their pixels cost about their count (PNG and TIFF the most of those). GIF is decoded whole,
 * and AVIF/HEIF whole by libheif in several copies: per pixel they took about 4 and 14 times
 * what a PNG of the same size took (docs/security.md, "Scans"), and are weighted so.
 */
export const DECODE_WEIGHT: Readonly<Record<string, number>> = { heif: 14, gif: 4 };

/** The page the reading works on at its largest, in pixels. */
export function workingPixels(width: number, height: number): number {
  const longest = Math.max(width, height);
  let scale = 1;
  if (longest > PREPARED.longestMax) scale = PREPARED.longestMax / longest;
  else if (longest < PREPARED.longestMin)
    scale = Math.min(PREPARED.enlargeAtMost, PREPARED.longestMin / longest);
  return Math.round(width * scale * RESCALE_AT_MOST) * Math.round(height * scale * RESCALE_AT_MOST);
}

export function scanCost(format: string, width: number, height: number): number {
  return width * height * (DECODE_WEIGHT[format] ?? 1) + workingPixels(width, height);
}

/** The most a photo that passes the size checks can cost in a format decoded strip by strip. */
export const LARGEST_SCAN_COST = OCR_MAX_PIXELS + workingPixels(6325, 6325);

/**
 * Default admission: room for one of the largest photos at a time, or about four 12 MP phone
 * photos (bench/scan-flood.ts measures the memory this keeps under).
 */
export const SCAN_ADMISSION_DEFAULT = 120;
