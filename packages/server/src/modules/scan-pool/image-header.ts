import { OCR_MAX_PIXELS } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { loadSharp } from '../ocr/load-sharp.js';
import { scanCost } from './scan-cost.js';

/** Raster formats a phone or scanner makes, as sharp names them (the scanner accepts the same). */
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/** Sides shorter than this hold no line of print; thinner images failed deep in the reading. */
export const SCAN_MIN_SIDE = 16;
/**
 * A longer side more than this many times the shorter is a strip, not a sheet: brought to the
 * reading's size, its short side would be a few pixels.
 */
export const SCAN_MAX_ASPECT = 50;

export const HEADER_MESSAGES = {
  // The first two are the scanner's own words (prepare-image.ts checks the same in its thread).
  notAnImage: 'The file is not an image we can read.',
  tooManyPixels: `The image is too large: at most ${OCR_MAX_PIXELS / 1_000_000} megapixels. Please use a smaller photo.`,
  tooSmall: `The image is too small to read: each side must be at least ${SCAN_MIN_SIDE} pixels.`,
  tooNarrow: `The image is too long and narrow to read: its long side may be at most ${SCAN_MAX_ASPECT} times its short side.`,
  tooCostly:
    'The image is too large to read in this format. Please send a smaller photo, or the photo as a JPEG.',
} as const;

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  /** Pixels of work it stands for (scan-cost.ts). */
  cost: number;
}

/**
 * The upload's format and size from its header alone (sharp reads no pixel for this), and the
 * checks that need nothing more: an absurd size is refused here, before any work.
 * `maxCost` is the most the admission can ever take on.
 */
export async function readImageHeader(image: Buffer, maxCost: number): Promise<ImageHeader> {
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ format, width, height } = await (await loadSharp())(image).metadata());
  } catch {
    // Not an image sharp knows: answered below.
  }
  if (!format || !READABLE_FORMATS.has(format) || !width || !height)
    throw new HttpError(415, 'unsupported_media_type', HEADER_MESSAGES.notAnImage);
  if (width * height > OCR_MAX_PIXELS)
    throw new HttpError(413, 'image_too_large', HEADER_MESSAGES.tooManyPixels);
  if (Math.min(width, height) < SCAN_MIN_SIDE)
    throw new HttpError(422, 'image_too_small', HEADER_MESSAGES.tooSmall);
  if (Math.max(width, height) > SCAN_MAX_ASPECT * Math.min(width, height))
    throw new HttpError(422, 'image_too_narrow', HEADER_MESSAGES.tooNarrow);
  const cost = scanCost(format, width, height);
  if (cost > maxCost) throw new HttpError(413, 'image_too_large', HEADER_MESSAGES.tooCostly);
  return { format, width, height, cost };
}
