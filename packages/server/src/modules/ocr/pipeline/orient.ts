import type { InferenceSession } from 'onnxruntime-node';
import { loadSharp } from '../load-sharp.js';
import { detectText, type LineFrame, type Pixels, type TextBox } from './detect-text.js';
import { cutStrip, type Strip } from './line-strips.js';
import { readStrip } from './recognise.js';
import type { ModelSessions } from './onnx-models.js';
import { ORIENT } from './thresholds.js';

/** Clockwise quarter turns, in degrees, that bring a page upright. */
export type Rotation = 0 | 90 | 180 | 270;

export interface Orientation {
  rotation: Rotation;
  /** Text lines found on the copy, as it was given (before turning). */
  boxes: TextBox[];
}

/**
 * A detected region as a turned rectangle along its text: its own frame when the detector
 * measured one, else its box, along its longer side.
 */
function frameOf(box: TextBox): LineFrame {
  if (box.line) return box.line;
  const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
  const [cx, cy] = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
  return w >= h
    ? { cx, cy, angle: 0, length: w, thickness: h }
    : { cx, cy, angle: Math.PI / 2, length: h, thickness: w };
}

/** A frame's text line: long along its direction, so its text runs that way. */
const isLine = (frame: LineFrame) => frame.length >= ORIENT.longBox * frame.thickness;

/** Whether a line runs more up and down than across (its direction nearer a quarter turn). */
const runsDown = (frame: LineFrame) => Math.abs(frame.angle) > Math.PI / 4;

/**
 * Whether the page lies on its side: most of the length of its text lines runs up and down.
 * Each line's direction is its turned rectangle's, so the lines of a page photographed at a
 * slant count for the way they run (an axis-aligned box of a tilted line is nearly square).
 * Regions about as long as thick (a single character, a number) say nothing.
 */
export function liesOnItsSide(boxes: readonly TextBox[], weigh: 'length' | 'count' = 'length'): boolean {
  let across = 0;
  let down = 0;
  for (const frame of boxes.map(frameOf).filter(isLine)) {
    const weight = weigh === 'length' ? frame.length : 1;
    if (runsDown(frame)) down += weight;
    else across += weight;
  }
  return down > 0 && down / (across + down) >= ORIENT.sideways;
}

/**
 * Whether a page the colour copy says lies on its side does, with the grey copy's lines beside
 * the colour copy's, each line one vote. Ink the colour of the page's rules (blue on blue lines)
 * can merge, on the colour copy alone, a page's rows into blocks and its column of numbers into
 * one long region running down; the grey copy finds those rows one by one. Counted by length,
 * a long merged region outweighs many rows; counted one vote each, it is one region. A page
 * truly on its side keeps most of its votes running down in both copies (a grid sheet's grey
 * copy breaks a few columns into pieces across, which the colour copy's columns outvote).
 */
async function confirmedOnItsSide(models: ModelSessions, grey: Pixels, colour: readonly TextBox[]) {
  const greyLines = await models.use('detect', (session) => detectText(session, grey));
  return liesOnItsSide([...colour, ...greyLines], 'count');
}

/** A box of an image `imageHeight` tall, after the image is turned a quarter clockwise. */
export function quarterTurn(box: TextBox, imageHeight: number): TextBox {
  return { x0: imageHeight - box.y1, y0: box.x0, x1: imageHeight - box.y0, y1: box.x1, score: box.score };
}

/**
 * The direction to read a line in, for the classifier: along the page's lines as they lie,
 * or, on a page lying on its side, as they run once the page is turned a quarter clockwise
 * (from bottom to top on the photo). The classifier then says whether that reading is upside down.
 */
function readingAngle(frame: LineFrame, sideways: boolean): number {
  if (!sideways) return frame.angle;
  // A frame's angle is within a half turn; a line running down is read upwards, as it lies
  // once the photo is turned a quarter clockwise.
  return frame.angle > 0 ? frame.angle - Math.PI : frame.angle;
}

/**
 * The page's longest lines, each cut out level along its own direction (a slanted line's
 * axis-aligned box holds its neighbours and a thin slice of its letters), read the way the
 * page's lines run, at the classifier's (and the recogniser's) height.
 */
function lineStrips(image: Pixels, boxes: readonly TextBox[], sideways: boolean): Strip[] {
  return boxes
    .map(frameOf)
    .filter((frame) => isLine(frame) && runsDown(frame) === sideways)
    .sort((a, b) => b.length - a.length)
    .slice(0, ORIENT.crops)
    .map((frame) => cutStrip(image, { ...frame, angle: readingAngle(frame, sideways) }, ORIENT.cropHeight));
}

/**
 * The direction classifier's vote on the lines: the share of its belief that they are upside
 * down (0: upright, 1: upside down).
 */
async function upsideDown(session: InferenceSession, strips: readonly Strip[]): Promise<number> {
  if (strips.length === 0) return 0;
  const sharp = await loadSharp();
  const { cropHeight: h, cropWidth: w } = ORIENT;
  const plane = h * w;
  // Padding is 0 after scaling to -1..1: mid grey, as PaddleOCR pads.
  const input = new Float32Array(strips.length * 3 * plane);
  for (const [i, strip] of strips.entries()) {
    // Longer lines are squeezed into the classifier's width, as PaddleOCR does.
    const fitted = Math.max(1, Math.min(w, strip.width));
    const grey = await sharp(strip.data, { raw: { width: strip.width, height: h, channels: 1 } })
      .resize(fitted, h, { fit: 'fill' })
      .greyscale()
      .raw()
      .toBuffer();
    for (let y = 0; y < h; y++)
      for (let x = 0; x < fitted; x++) {
        const v = grey[y * fitted + x]! / 127.5 - 1;
        const at = i * 3 * plane + y * w + x;
        input[at] = input[at + plane] = input[at + 2 * plane] = v;
      }
  }
  const { Tensor } = await import('onnxruntime-node');
  const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [strips.length, 3, h, w]) };
  const out = (await session.run(feeds))[session.outputNames[0]!]!.data as Float32Array;
  let sum = 0;
  for (let i = 0; i < strips.length; i++) sum += out[2 * i + 1]!;
  return sum / strips.length;
}

/**
 * A second opinion when the classifier is unsure: the recognition model reads the longest
 * lines as cut and turned half a turn, and the way it reads more surely wins. Rows of single
 * characters in a grid's cells are not the lines the classifier was trained on; read upside
 * down, the recogniser's characters are guesses.
 */
async function readsBetterTurned(models: ModelSessions, strips: readonly Strip[]): Promise<boolean> {
  let upright = 0;
  let turned = 0;
  for (const strip of strips.slice(0, ORIENT.reread)) {
    upright += (await readStrip(models, strip)).confidence;
    // Half a turn of a strip is its pixels in reverse order.
    turned += (await readStrip(models, { ...strip, data: strip.data.slice().reverse() })).confidence;
  }
  return turned > upright;
}

/** One grey channel (luma): a line cut from one colour channel loses ink of that colour. */
function greyOf(image: Pixels): Pixels {
  if (image.channels === 1) return image;
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) {
    const at = 3 * i;
    data[i] = Math.round(0.299 * image.data[at]! + 0.587 * image.data[at + 1]! + 0.114 * image.data[at + 2]!);
  }
  return { data, width: image.width, height: image.height, channels: 1 };
}

/**
 * How far to turn a photo (given as a small copy) so its text is upright: whether its lines
 * run across or down, from the detector's line frames (a grey copy's beside them when the
 * colour copy's run down); then which way up, from PaddleOCR's direction classifier on the
 * longest lines, each cut out level along its own direction (and the recogniser when it is
 * unsure). The copy is small and this runs once, so an upside-down photo costs what an upright
 * one does.
 */
export async function orient(models: ModelSessions, small: Pixels): Promise<Orientation> {
  const boxes = await models.use('detect', (session) => detectText(session, small));
  const grey = greyOf(small);
  // Most pages are upright: the grey copy is looked at only when the colour copy says "on its side".
  const sideways =
    liesOnItsSide(boxes) && (small.channels === 1 || (await confirmedOnItsSide(models, grey, boxes)));
  const strips = lineStrips(grey, boxes, sideways);
  const vote = await models.use('direction', (session) => upsideDown(session, strips));
  const flipped = Math.abs(vote - 0.5) < ORIENT.unsure ? await readsBetterTurned(models, strips) : vote > 0.5;
  const rotation: Rotation = sideways ? (flipped ? 270 : 90) : flipped ? 180 : 0;
  return { rotation, boxes };
}
