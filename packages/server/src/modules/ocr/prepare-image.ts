import type { Metadata } from 'sharp';
import { OCR_MAX_PIXELS } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { flattenPage, type FlatPage, type FlattenOptions, type GreyImage } from './flatten-page.js';
import { loadSharp } from './load-sharp.js';
import type { PhraseBand } from './cell-grid.js';
import type { CellRead } from './read-cells.js';
import type { ModelSessions } from './pipeline/onnx-models.js';
import { moireShare, removeMoire } from './pipeline/de-moire.js';
import { orient, type Rotation } from './pipeline/orient.js';
import { DE_MOIRE, ORIENT } from './pipeline/thresholds.js';
import { noLap, type Lap } from './stopwatch.js';

/** Raster formats a phone or scanner makes. SVG and PDF are refused: they are programs, not photos. */
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/**
 * Tesseract reads best when letters are about 35 to 45 px tall. A phone photo of a whole
 * sheet is 3000 to 4000 px long, where 12 pt print is about 60 px: it is brought down to
 * 2400. A small image is enlarged towards 1500. Measured on our Chinese sheets (print 31 px
 * tall in a 1130 px image): x1.2 to x1.35 read every word, x1 and x1.7 or more missed one.
 */
const LONGEST_SIDE_MAX = 2400;
const LONGEST_SIDE_MIN = 1500;
const ENLARGE_AT_MOST = 2;

export const IMAGE_MESSAGES = {
  notAnImage: 'The file is not an image we can read.',
  tooManyPixels: `The image is too large: at most ${OCR_MAX_PIXELS / 1_000_000} megapixels. Please use a smaller photo.`,
  damaged: 'The image is damaged or incomplete. Please take the photo again.',
} as const;

/** Reads only the header: the format and size are known before any pixel is decoded. */
async function readHeader(image: Buffer): Promise<Metadata> {
  try {
    const sharp = await loadSharp();
    const metadata = await sharp(image).metadata();
    if (READABLE_FORMATS.has(metadata.format ?? '') && metadata.width && metadata.height) return metadata;
  } catch {
    // Not an image sharp knows: answered below.
  }
  throw new HttpError(415, 'unsupported_media_type', IMAGE_MESSAGES.notAnImage);
}

/** The new longest side, or undefined to keep the size. Orientation does not change it. */
function targetLongestSide(width: number, height: number): number | undefined {
  const longest = Math.max(width, height);
  if (longest > LONGEST_SIDE_MAX) return LONGEST_SIDE_MAX;
  if (longest < LONGEST_SIDE_MIN)
    return Math.round(longest * Math.min(ENLARGE_AT_MOST, LONGEST_SIDE_MIN / longest));
  return undefined;
}

/**
 * Grey (Rec. 601 luma) and, for a colour image, each pixel's lightest channel, in one pass
 * over the decoded pixels (one decode instead of one per channel).
 */
function toGrey(pixels: Buffer, width: number, height: number, channels: number): GreyImage {
  if (channels < 3) {
    const data = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) data[i] = pixels[i * channels]!;
    return { data, width, height };
  }
  const data = new Uint8Array(width * height);
  const lightest = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += channels) {
    const r = pixels[p]!;
    const g = pixels[p + 1]!;
    const b = pixels[p + 2]!;
    data[i] = (r * 77 + g * 150 + b * 29 + 128) >> 8;
    lightest[i] = r > g ? (r > b ? r : b) : g > b ? g : b;
  }
  return { data, width, height, lightest };
}

export interface PreparedImage {
  png: Buffer;
  /** Clockwise turn given to the photo (after its EXIF rotation) to bring its text upright. */
  rotation: Rotation;
  width: number;
  height: number;
  /** What flattening found: whether a sheet stood out, how much of the ink was grid, table columns. */
  page: Omit<FlatPage, 'data' | 'width' | 'height' | 'cells'>;
  /**
   * A grid sheet's characters, set out clean one phrase a line at several sizes (PNG, with
   * each phrase's line), and where each phrase is on the flat page.
   */
  cells?: { images: { png: Buffer; bands: PhraseBand[] }[]; phrases: CellRead['phrases'] };
  /** The photo upright and grey before flattening, for reading its lines where they are (pipeline/read-lines.ts). */
  upright: GreyImage;
}

const greyPng = async (data: Uint8Array, width: number, height: number) =>
  (await loadSharp())(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

/**
 * A share of the turned photo's width and height back to the same point of the photo as the
 * parent sees it (EXIF applied, not turned): the review step shows that photo.
 */
export function unturn(rotation: Rotation, x: number, y: number): { x: number; y: number } {
  if (rotation === 90) return { x: y, y: 1 - x };
  if (rotation === 180) return { x: 1 - x, y: 1 - y };
  if (rotation === 270) return { x: 1 - y, y: x };
  return { x, y };
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * A photographed screen (its pixel grid beating with the camera's: moiré) without its pattern,
 * grey; any other photo as it is. Before turning upright: the moiré hides the lines the turn is
 * found from. The colours go with the pattern: the lightest channel, for coloured grids on
 * paper, holds the screen's sub-pixels.
 */
function withoutMoire(raw: RawImage): { raw: RawImage; grey: GreyImage; screen: boolean } {
  const grey = toGrey(raw.data, raw.width, raw.height, raw.channels);
  if (moireShare(grey) < DE_MOIRE.minShare) return { raw, grey, screen: false };
  const clean = removeMoire(grey);
  const data = Buffer.from(clean.data.buffer);
  return {
    raw: { data, width: clean.width, height: clean.height, channels: 1 },
    grey: { data: clean.data, width: clean.width, height: clean.height },
    screen: true,
  };
}

/**
 * The decoded photo turned upright: a small copy is oriented once (pipeline/orient.ts) and
 * the whole photo turned by what it finds, so a photo upside down costs what an upright one does.
 */
async function upright(models: ModelSessions, raw: RawImage): Promise<{ raw: RawImage; rotation: Rotation }> {
  const sharp = await loadSharp();
  const input = { raw: { width: raw.width, height: raw.height, channels: raw.channels as 1 | 3 | 4 } };
  const small = await sharp(raw.data, input)
    .resize({
      width: ORIENT.longestSide,
      height: ORIENT.longestSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { rotation } = await orient(models, {
    data: small.data,
    width: small.info.width,
    height: small.info.height,
    channels: small.info.channels === 1 ? 1 : 3,
  });
  if (rotation === 0) return { raw, rotation };
  const { data, info } = await sharp(raw.data, input)
    .rotate(rotation)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raw: { data, width: info.width, height: info.height, channels: info.channels }, rotation };
}

export interface PrepareOptions extends FlattenOptions {
  /** The models that turn the page upright; without them the photo is read as EXIF has it. */
  models?: ModelSessions;
}

/** The photo decoded, grey and upright, before any page is looked for. */
export interface UprightPhoto {
  /** Clockwise turn given to the photo (after its EXIF rotation) to bring its text upright. */
  rotation: Rotation;
  grey: GreyImage;
  /** A photographed screen: its moiré was removed (pipeline/de-moire.ts). */
  screen?: boolean;
}

/**
 * Checks an upload by its content and brings it upright: EXIF applied, on white, a first guess
 * at a good size, turned by the text's own direction (pipeline/orient.ts), grey. The detector's
 * lines are read from this (pipeline/read-lines.ts); the page reader needs it flattened too.
 */
export async function decodeUpright(
  image: Buffer,
  lap: Lap = noLap,
  options: Pick<PrepareOptions, 'models'> = {},
): Promise<UprightPhoto> {
  const { width, height } = await readHeader(image);
  if (width! * height! > OCR_MAX_PIXELS)
    throw new HttpError(413, 'image_too_large', IMAGE_MESSAGES.tooManyPixels);
  const side = targetLongestSide(width!, height!);
  const sharp = await loadSharp();
  lap('read the header');
  let decoded: RawImage;
  try {
    const pipeline = sharp(image, { limitInputPixels: OCR_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' });
    if (side) pipeline.resize({ width: side, height: side, fit: 'inside' });
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    decoded = { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new HttpError(400, 'bad_image', IMAGE_MESSAGES.damaged);
  }
  lap('decode and resize');
  const { raw: plain, grey: plainGrey, screen } = withoutMoire(decoded);
  lap("look for a screen's moiré, remove it");
  const { raw, rotation } = options.models
    ? await upright(options.models, plain)
    : { raw: plain, rotation: 0 as const };
  lap('turn upright');
  // Not turned (most photos): the grey made to look for moiré is the one.
  const grey = raw === plain ? plainGrey : toGrey(raw.data, raw.width, raw.height, raw.channels);
  return screen ? { rotation, grey, screen } : { rotation, grey };
}

/**
 * The upright photo made into what Tesseract reads best: flattened (the sheet cut out of the
 * desk, its light evened out, its rules and grids removed: flatten-page.ts), as PNG.
 */
export async function flattenUpright(
  { rotation, grey }: UprightPhoto,
  lap: Lap = noLap,
  options: FlattenOptions = {},
): Promise<PreparedImage> {
  const {
    data,
    width: pageWidth,
    height: pageHeight,
    cells,
    ...flat
  } = await flattenPage(grey, lap, options);
  const page = {
    ...flat,
    toPhoto: (x: number, y: number) => {
      const p = flat.toPhoto(x, y);
      return unturn(rotation, p.x, p.y);
    },
  };
  const png = await greyPng(data, pageWidth, pageHeight);
  lap('encode PNG');
  const uprightGrey = { data: grey.data, width: grey.width, height: grey.height };
  if (!cells) return { png, rotation, width: pageWidth, height: pageHeight, page, upright: uprightGrey };
  return {
    png,
    rotation,
    width: pageWidth,
    height: pageHeight,
    page,
    upright: uprightGrey,
    cells: {
      images: await Promise.all(
        cells.images.map(async (image) => ({
          png: await greyPng(image.data, image.width, image.height),
          bands: image.bands,
        })),
      ),
      phrases: cells.phrases,
    },
  };
}

/** An upload checked, upright and flattened: `decodeUpright` then `flattenUpright`. */
export async function prepareImage(
  image: Buffer,
  lap: Lap = noLap,
  options: PrepareOptions = {},
): Promise<PreparedImage> {
  return flattenUpright(await decodeUpright(image, lap, options), lap, options);
}

/** A box on the prepared image, in its pixels. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The prepared image scaled by `factor`, once the size of its print is known, with `blank`
 * boxes (lines found not to be words, such as pinyin above Chinese) painted white.
 */
export async function rescaleImage(
  image: PreparedImage,
  factor: number,
  blank: readonly PixelBox[] = [],
): Promise<Buffer> {
  const sharp = await loadSharp();
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * (width / image.width)));
  const white = (w: number, h: number) => ({
    create: { width: w, height: h, channels: 3 as const, background: '#ffffff' },
  });
  const patches = blank.flatMap((box) => {
    const left = Math.max(0, Math.floor(box.x0 * factor) - 2);
    const top = Math.max(0, Math.floor(box.y0 * factor) - 2);
    const w = Math.min(width, Math.ceil(box.x1 * factor) + 2) - left;
    const h = Math.min(height, Math.ceil(box.y1 * factor) + 2) - top;
    return w > 0 && h > 0 ? [{ input: white(w, h), left, top }] : [];
  });
  const resized = sharp(image.png).resize({ width });
  // The boxes are painted after resizing (sharp composites last), then made grey again.
  if (patches.length > 0) resized.composite(patches).greyscale();
  return resized.png({ compressionLevel: 1 }).toBuffer();
}
