import type { LineFrame, Pixels, TextBox } from './detect-text.js';
import { evenLight } from './even-light.js';
import { STRIPS } from './thresholds.js';

/** One text line cut out of a page and laid level: grey pixels, `height` rows of `width`. */
export interface Strip {
  data: Uint8Array;
  width: number;
  height: number;
  /**
   * The line's height as the detector boxed it, in the strip's pixels, when the strip was
   * narrowed to its ink (tightenFrame): what the light evening and the word gaps measure in,
   * so a narrowed strip's letters are judged as before, only larger.
   */
  lineHeight?: number;
  /** Cut this many times as wide as its shape (cutStrip): a word's gap is as many times wider. */
  stretch?: number;
}

/**
 * A detected region's line frame on an image `scale` times as large as the detector's: its
 * turned rectangle when the region is a long line tilted no more than a page's line can be,
 * else its box, level (a character or a number, taller than wide, has no direction to speak of).
 */
export function scaleFrame(box: TextBox, scale: number): LineFrame {
  const frame = box.line;
  if (!frame || !isDirected(box))
    return {
      cx: ((box.x0 + box.x1) / 2) * scale,
      cy: ((box.y0 + box.y1) / 2) * scale,
      angle: 0,
      length: (box.x1 - box.x0) * scale,
      thickness: (box.y1 - box.y0) * scale,
    };
  return {
    cx: frame.cx * scale,
    cy: frame.cy * scale,
    angle: frame.angle,
    length: frame.length * scale,
    thickness: frame.thickness * scale,
  };
}

/**
 * A line tilted no more than a page's line can be whose own direction is its text's: a long
 * one, or a short one tilted so far that its level box is much taller than the line is thick.
 */
export function isDirected(box: TextBox): boolean {
  const line = box.line;
  const tilt = Math.abs(line?.angle ?? 0);
  if (!line || tilt > STRIPS.maxTilt) return false;
  const ratio = line.length / line.thickness;
  if (ratio >= STRIPS.directedLength) return true;
  // A level box's height over the line's thickness: L·sin + T·cos, over T.
  return ratio >= STRIPS.shortLine && ratio * Math.sin(tilt) + Math.cos(tilt) >= STRIPS.tallCut;
}

/**
 * The level frames of short regions (a short word, "Q7. recent") turned to the direction of
 * the lines around them, when those tilt (a page photographed at a slant): cut level, a short
 * word's tilted ink fills a strip too tall for it, and the recogniser drops letters ("reent").
 * Each takes the median direction of its nearest directed neighbours (`STRIPS.neighbours`,
 * within `STRIPS.neighbourReach` of its own thickness) and becomes the turned rectangle at that
 * direction whose box is its box.
 */
export function turnByNeighbours(frames: readonly LineFrame[], directed: readonly boolean[]): LineFrame[] {
  const lines = frames.filter((_, i) => directed[i]);
  return frames.map((frame, i) => {
    // A number or a character, about as tall as wide, has no line in it to turn.
    if (directed[i] || lines.length === 0 || frame.length < STRIPS.minTurnLength * frame.thickness)
      return frame;
    const reach = STRIPS.neighbourReach * frame.thickness;
    const near = lines
      .map((line) => ({ line, distance: Math.hypot(line.cx - frame.cx, line.cy - frame.cy) }))
      .filter(({ distance }) => distance <= reach)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, STRIPS.neighbours)
      .map(({ line }) => line.angle)
      .sort((a, b) => a - b);
    if (near.length === 0) return frame;
    const angle = near[Math.floor((near.length - 1) / 2)]!;
    if (Math.abs(angle) < STRIPS.minTurn) return frame;
    // Box width w = L cos + T sin and height h = L sin + T cos, solved for L and T.
    const [c, s] = [Math.cos(angle), Math.abs(Math.sin(angle))];
    const det = c * c - s * s;
    const length = (frame.length * c - frame.thickness * s) / det;
    const thickness = (frame.thickness * c - frame.length * s) / det;
    if (!(length > 0 && thickness > 0 && thickness >= STRIPS.minTurnedShare * frame.thickness)) return frame;
    return { ...frame, angle, length, thickness };
  });
}

/** The axis-aligned box around a frame: where it is on the page. */
export function frameBox(frame: LineFrame): { x0: number; y0: number; x1: number; y1: number } {
  const [c, s] = [Math.abs(Math.cos(frame.angle)), Math.abs(Math.sin(frame.angle))];
  const halfW = (frame.length * c + frame.thickness * s) / 2;
  const halfH = (frame.length * s + frame.thickness * c) / 2;
  return { x0: frame.cx - halfW, y0: frame.cy - halfH, x1: frame.cx + halfW, y1: frame.cy + halfH };
}

/**
 * The line under `frame` sampled level from a grey image, `height` rows tall (and `stretch`
 * times as wide as its shape: a second look at small print, read-lines.ts): each output
 * pixel is the mean of a small grid of bilinear samples over the source pixels it covers,
 * so a line brought down in size (a photo of a screen, its moiré) is averaged, not aliased.
 * Outside the image is white paper.
 *
 * Every line of a scan is cut here, some twice, at up to 16 samples a pixel: the loop is
 * written out, the sample positions along the line worked out once a column and across it
 * once a row, with the same arithmetic in the same order as a sample taken alone, so a strip
 * is the same to the last bit (test/services/ocr-line-strips.test.ts holds it to that).
 */
export function cutStrip(grey: Pixels, frame: LineFrame, height: number, stretch = 1): Strip {
  const step = frame.thickness / height;
  // Along the line, `stretch` times as many samples: the letters cut wider than they are.
  const along = step / stretch;
  const width = Math.max(1, Math.round(frame.length / along));
  const taps = Math.max(1, Math.min(STRIPS.maxTaps, Math.ceil(step)));
  const [c, s] = [Math.cos(frame.angle), Math.sin(frame.angle)];
  const data = new Uint8Array(width * height);
  const { width: w, height: h, channels, data: source } = grey;
  // Offsets from the frame's centre, along the line (u) and across it (v): the point sampled
  // is (cx + u·c − v·s − 0.5, cy + u·s + v·c − 0.5). The u terms, per column and tap:
  const alongX = new Float64Array(width * taps);
  const alongY = new Float64Array(width * taps);
  for (let col = 0; col < width; col++)
    for (let tx = 0; tx < taps; tx++) {
      const u = (col + (tx + 0.5) / taps) * along - frame.length / 2;
      alongX[col * taps + tx] = frame.cx + u * c;
      alongY[col * taps + tx] = frame.cy + u * s;
    }
  // The v terms, per tap of the current row.
  const acrossX = new Float64Array(taps);
  const acrossY = new Float64Array(taps);
  for (let row = 0; row < height; row++) {
    for (let ty = 0; ty < taps; ty++) {
      const v = (row + (ty + 0.5) / taps) * step - frame.thickness / 2;
      acrossX[ty] = v * s;
      acrossY[ty] = v * c;
    }
    for (let col = 0; col < width; col++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++)
        for (let tx = 0; tx < taps; tx++) {
          const x = alongX[col * taps + tx]! - acrossX[ty]! - 0.5;
          const y = alongY[col * taps + tx]! + acrossY[ty]! - 0.5;
          if (x < 0 || y < 0 || x > w - 1 || y > h - 1) {
            sum += 255;
            continue;
          }
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const x1 = Math.min(w - 1, x0 + 1);
          const y1 = Math.min(h - 1, y0 + 1);
          const fx = x - x0;
          const fy = y - y0;
          const top = source[(y0 * w + x0) * channels]! * (1 - fx) + source[(y0 * w + x1) * channels]! * fx;
          const bottom =
            source[(y1 * w + x0) * channels]! * (1 - fx) + source[(y1 * w + x1) * channels]! * fx;
          sum += top * (1 - fy) + bottom * fy;
        }
      data[row * width + col] = Math.round(sum / (taps * taps));
    }
  }
  return stretch === 1 ? { data, width, height } : { data, width, height, stretch };
}

/**
 * The strip as dark ink on light paper: a dark-mode screen's light letters on a dark bubble
 * turned over, so its ink is measured as print's is. The paper is most of the pixels (the
 * middle one); the ink lies far from it, darker on paper (a dim photo's too: its paper is
 * grey, its ink darker still), brighter on a dark screen.
 */
function darkInk(strip: Strip): Strip {
  const sorted = Uint8Array.from(strip.data).sort();
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  const paper = at(0.5);
  if (at(1 - STRIPS.inkShare) - paper <= paper - at(STRIPS.inkShare)) return strip;
  return { ...strip, data: strip.data.map((v) => 255 - v) };
}

/**
 * `frame` narrowed across the line to its ink, with a margin: the detector's region of small
 * print (a page photographed from afar, in dim light) is two or three times as thick as its
 * letters, so cut at the model's height the letters are small, the strip is short, and the
 * recogniser has fewer steps than the line has characters and drops some ("arive", "enury").
 * The ink is the band of rows around the inkiest one whose ink above the paper's speckle is
 * at least `STRIPS.inkRowShare` of its own, on a first cut `height` rows tall, light evened.
 * Unchanged when the band fills most of the strip already (`STRIPS.tightenBelow`), and for
 * a region shorter than `STRIPS.tightenLength` thicknesses (a word, a number cell).
 */
export function tightenFrame(grey: Pixels, frame: LineFrame, height: number): LineFrame {
  // A short word has steps to spare: only a long line runs short of them.
  if (frame.length < STRIPS.tightenLength * frame.thickness) return frame;
  const strip = evenLight(darkInk(cutStrip(grey, frame, height)));
  const ink = new Array<number>(strip.height).fill(0);
  for (let y = 0; y < strip.height; y++)
    for (let x = 0; x < strip.width; x++) if (strip.data[y * strip.width + x]! < STRIPS.inkLevel) ink[y]!++;
  const most = Math.max(...ink);
  // The paper's own speckle (a dim photo's noise, evened): what the emptier rows hold.
  const floor = [...ink].sort((a, b) => a - b)[Math.floor(STRIPS.paperRows * ink.length)]!;
  if (most <= floor) return frame;
  const peak = ink.indexOf(most);
  const enough = (y: number) => ink[y]! - floor >= STRIPS.inkRowShare * (most - floor);
  // A row without enough ink may lie between two with it (between a letter's parts).
  let top = peak;
  while (top > 0 && (enough(top - 1) || (top > 1 && enough(top - 2)))) top--;
  let bottom = peak;
  while (
    bottom < strip.height - 1 &&
    (enough(bottom + 1) || (bottom < strip.height - 2 && enough(bottom + 2)))
  )
    bottom++;
  const band = bottom - top + 1;
  const rows = Math.min(strip.height, band * (1 + 2 * STRIPS.inkMargin));
  if (rows >= STRIPS.tightenBelow * strip.height) return frame;
  const step = frame.thickness / strip.height;
  // The band's middle, across the line from the frame's middle (v grows down the strip).
  const v = ((top + bottom + 1) / 2 - strip.height / 2) * step;
  return {
    ...frame,
    cx: frame.cx - v * Math.sin(frame.angle),
    cy: frame.cy + v * Math.cos(frame.angle),
    thickness: rows * step,
  };
}
