import { readFileSync } from 'node:fs';
import { modelAsset, type ModelSessions } from '../ocr/pipeline/onnx-models.js';
import type { CtcOutput } from './ctc.js';
import type { Cut, InkBox } from './cut-boxes.js';
import { MARKING } from './thresholds.js';

/** PP-OCRv4 recognition's input height. */
const MODEL_HEIGHT = 48;

let classes: Map<string, number> | undefined;
let keys: string[] | undefined;

function dictionary() {
  if (!keys) {
    const characters = readFileSync(modelAsset('ppocr_keys_v1.txt'), 'utf8').split('\n');
    if (characters.at(-1) === '') characters.pop();
    // Class 0 is CTC's blank, then the dictionary, then a space (as the scanner reads it).
    keys = ['', ...characters, ' '];
    classes = new Map(keys.map((k, i) => [k, i] as const).filter(([k]) => k !== ''));
  }
  return { keys, classes: classes! };
}

/** The model's classes for a text, or null when it has a character the model cannot write. */
export function labelsOf(text: string): number[] | null {
  const { classes } = dictionary();
  const out: number[] = [];
  for (const ch of text) {
    const c = classes.get(ch);
    if (c === undefined) return null;
    out.push(c);
  }
  return out;
}

export function textOf(labels: readonly number[]): string {
  const { keys } = dictionary();
  return labels.map((c) => keys[c] ?? '').join('');
}

/**
 * The brightness levels a box is stretched between: its ink's darkest (a light pencil made
 * black, as the print the recogniser learnt on) and MARKING.paperWhite (grain, shadow and what
 * is left of a wiped rule made paper).
 */
function levels(cut: Cut, box: InkBox): { dark: number; white: number } {
  const values: number[] = [];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++)
      if (cut.ink[y * cut.width + x]) values.push(cut.paper[y * cut.width + x]!);
  if (values.length === 0) return { dark: 0, white: 1 };
  values.sort((a, b) => a - b);
  const dark = Math.min(MARKING.darkestInk, values[Math.floor(values.length * 0.1)]!);
  return { dark, white: MARKING.paperWhite };
}

/** How a box is shown to the recogniser: as cut, or stretched (see `levels`). */
export type View = 'plain' | 'stretched';

/**
 * One box as the model's input: grey, paper-white padding to `minAspect`, scaled to -1..1, and
 * `widen` times wider than its height makes it (more of the model's frames for each letter).
 */
export function modelInput(
  cut: Cut,
  box: InkBox,
  minAspect: number,
  view: View,
  widen = 1,
): { plane: Float32Array; width: number } {
  const { dark, white } = view === 'plain' ? { dark: 0, white: 1 } : levels(cut, box);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const scale = MODEL_HEIGHT / bh;
  const xScale = scale * widen;
  const inner = Math.max(1, Math.round(bw * xScale));
  const width = Math.max(inner, Math.round(MODEL_HEIGHT * minAspect));
  const left = Math.floor((width - inner) / 2);
  const plane = new Float32Array(MODEL_HEIGHT * width).fill(1);
  const step = Math.max(1, Math.floor(1 / scale));
  const xStep = Math.max(1, Math.floor(1 / xScale));
  for (let y = 0; y < MODEL_HEIGHT; y++)
    for (let x = 0; x < inner; x++) {
      // The mean of the source pixels this one covers (the model sees a smaller image).
      const sx0 = Math.floor(box.x0 + x / xScale);
      const sy0 = Math.floor(box.y0 + y / scale);
      let sum = 0;
      let n = 0;
      for (let sy = sy0; sy < Math.min(cut.height, sy0 + step); sy++)
        for (let sx = sx0; sx < Math.min(cut.width, sx0 + xStep); sx++) {
          sum += cut.paper[sy * cut.width + sx]!;
          n++;
        }
      plane[y * width + left + x] = n ? sum / n : 1;
    }
  for (let i = 0; i < plane.length; i++) {
    const v = Math.min(1, Math.max(0, (plane[i]! - dark) / (white - dark)));
    plane[i] = v * 2 - 1;
  }
  return { plane, width };
}

/**
 * Runs the recogniser on boxes of cuts, all in one batch (they must come out the same width:
 * 田字格 cells do, padded to 2:1), returning each one's per-frame log probabilities.
 */
export async function readBoxes(
  models: ModelSessions,
  boxes: { cut: Cut; box: InkBox; view: View; widen?: number }[],
  minAspect: number,
): Promise<CtcOutput[]> {
  const inputs = boxes.map(({ cut, box, view, widen }) => modelInput(cut, box, minAspect, view, widen));
  const width = inputs[0]!.width;
  if (inputs.some((i) => i.width !== width)) {
    const out: CtcOutput[] = [];
    for (const b of boxes) out.push(...(await readBoxes(models, [b], minAspect)));
    return out;
  }
  const planeSize = MODEL_HEIGHT * width;
  // The same grey in all three channels (the model's input is RGB).
  const data = new Float32Array(inputs.length * 3 * planeSize);
  inputs.forEach(({ plane }, n) => {
    for (let c = 0; c < 3; c++) data.set(plane, (n * 3 + c) * planeSize);
  });
  const { Tensor } = await import('onnxruntime-node');
  return models.use('recognise', async (session) => {
    const feeds = {
      [session.inputNames[0]!]: new Tensor('float32', data, [inputs.length, 3, MODEL_HEIGHT, width]),
    };
    const output = (await session.run(feeds))[session.outputNames[0]!]!;
    const probs = output.data as Float32Array;
    const steps = output.dims[1]!;
    const classes = output.dims[2]!;
    return inputs.map((_, n) => {
      const logp = new Float32Array(steps * classes);
      const offset = n * steps * classes;
      for (let i = 0; i < logp.length; i++) logp[i] = Math.log(Math.max(probs[offset + i]!, 1e-12));
      return { logp, steps, classes };
    });
  });
}
