import type { InferenceSession } from 'onnxruntime-node';
import { loadSharp } from '../load-sharp.js';
import { detectText, type Pixels, type TextBox } from './detect-text.js';
import type { ModelSessions } from './onnx-models.js';
import { ORIENT } from './thresholds.js';

/** Clockwise quarter turns, in degrees, that bring a page upright. */
export type Rotation = 0 | 90 | 180 | 270;

export interface Orientation {
  rotation: Rotation;
  /** Text lines found on the copy, as it was given (before turning). */
  boxes: TextBox[];
}

const width = (b: TextBox) => b.x1 - b.x0;
const height = (b: TextBox) => b.y1 - b.y0;

/**
 * Whether the page lies on its side: most of the length of its long text boxes (lines, whose
 * text runs along them) runs up and down. Boxes about as tall as wide (a single character, a
 * number) say nothing.
 */
export function liesOnItsSide(boxes: readonly TextBox[]): boolean {
  let across = 0;
  let down = 0;
  for (const box of boxes) {
    const [w, h] = [width(box), height(box)];
    if (w >= ORIENT.longBox * h) across += w;
    else if (h >= ORIENT.longBox * w) down += h;
  }
  return down > 0 && down / (across + down) >= ORIENT.sideways;
}

/** A box of an image `imageHeight` tall, after the image is turned a quarter clockwise. */
export function quarterTurn(box: TextBox, imageHeight: number): TextBox {
  return { x0: imageHeight - box.y1, y0: box.x0, x1: imageHeight - box.y0, y1: box.x1, score: box.score };
}

/**
 * The direction classifier's vote on lines of text lying across (0: upright, 1: upside down):
 * the share of its belief, over the longest lines, that they are upside down.
 */
async function upsideDown(session: InferenceSession, image: Pixels, boxes: TextBox[]): Promise<number> {
  const lines = boxes
    .filter((b) => width(b) >= ORIENT.longBox * height(b))
    .sort((a, b) => width(b) - width(a))
    .slice(0, ORIENT.crops);
  if (lines.length === 0) return 0;
  const sharp = await loadSharp();
  const { cropHeight: h, cropWidth: w } = ORIENT;
  const plane = h * w;
  // Padding is 0 after scaling to -1..1: mid grey, as PaddleOCR pads.
  const input = new Float32Array(lines.length * 3 * plane);
  for (const [i, box] of lines.entries()) {
    const left = Math.floor(box.x0);
    const top = Math.floor(box.y0);
    const cropW = Math.max(1, Math.min(image.width, Math.ceil(box.x1)) - left);
    const cropH = Math.max(1, Math.min(image.height, Math.ceil(box.y1)) - top);
    const fitted = Math.max(1, Math.min(w, Math.ceil((h * cropW) / cropH)));
    const grey = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: image.channels },
    })
      .extract({ left, top, width: cropW, height: cropH })
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
  const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [lines.length, 3, h, w]) };
  const out = (await session.run(feeds))[session.outputNames[0]!]!.data as Float32Array;
  let sum = 0;
  for (let i = 0; i < lines.length; i++) sum += out[2 * i + 1]!;
  return sum / lines.length;
}

/** `image` turned a quarter clockwise (raw pixels). */
export async function turnQuarter(image: Pixels): Promise<Pixels> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .rotate(90)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: image.channels };
}

/**
 * How far to turn a photo (given as a small copy) so its text is upright: whether its lines
 * run across or down, from the detector's boxes; then which way up, from PaddleOCR's direction
 * classifier on the longest lines, turned to lie across. The copy is small and this runs once,
 * so an upside-down photo costs what an upright one does.
 */
export async function orient(models: ModelSessions, small: Pixels): Promise<Orientation> {
  const boxes = await models.use('detect', (session) => detectText(session, small));
  const sideways = liesOnItsSide(boxes);
  const across = sideways ? await turnQuarter(small) : small;
  const lines = sideways ? boxes.map((b) => quarterTurn(b, small.height)) : boxes;
  const flipped = (await models.use('direction', (session) => upsideDown(session, across, lines))) > 0.5;
  const rotation: Rotation = sideways ? (flipped ? 270 : 90) : flipped ? 180 : 0;
  return { rotation, boxes };
}
