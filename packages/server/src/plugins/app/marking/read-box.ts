import { readFileSync } from 'node:fs';
import { modelAsset, type ModelSessions } from '../ocr/pipeline/onnx-models.js';
import type { CtcOutput } from './ctc.js';
import type { Cut, InkBox } from './cut-boxes.js';

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
 * Runs the recogniser on the part of a cut inside `box` (padded with paper to `minAspect`
 * width over height, centred), returning its per-frame log probabilities.
 */
export async function readBox(models: ModelSessions, cut: Cut, box: InkBox, minAspect: number): Promise<CtcOutput> {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const scale = MODEL_HEIGHT / bh;
  const inner = Math.max(1, Math.round(bw * scale));
  const width = Math.max(inner, Math.round(MODEL_HEIGHT * minAspect));
  const left = Math.floor((width - inner) / 2);
  const plane = MODEL_HEIGHT * width;
  const input = new Float32Array(3 * plane).fill(1);
  for (let y = 0; y < MODEL_HEIGHT; y++)
    for (let x = 0; x < inner; x++) {
      // Nearest-below sampling averaged over the source pixels this one covers.
      const sx0 = box.x0 + x / scale;
      const sy0 = box.y0 + y / scale;
      let sum = 0;
      let n = 0;
      for (let sy = Math.floor(sy0); sy < Math.max(Math.floor(sy0) + 1, Math.floor(sy0 + 1 / scale)); sy++)
        for (let sx = Math.floor(sx0); sx < Math.max(Math.floor(sx0) + 1, Math.floor(sx0 + 1 / scale)); sx++) {
          if (sx >= cut.width || sy >= cut.height) continue;
          sum += cut.paper[sy * cut.width + sx]!;
          n++;
        }
      input[y * width + left + x] = n ? sum / n : 1;
    }
  // Paper 1 → 1, ink 0 → -1, the same in all three channels (the model's input is RGB).
  for (let i = 0; i < plane; i++) {
    const v = input[i]! * 2 - 1;
    input[i] = input[plane + i] = input[2 * plane + i] = v;
  }
  const { Tensor } = await import('onnxruntime-node');
  return models.use('recognise', async (session) => {
    const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, MODEL_HEIGHT, width]) };
    const output = (await session.run(feeds))[session.outputNames[0]!]!;
    const probs = output.data as Float32Array;
    const logp = new Float32Array(probs.length);
    for (let i = 0; i < probs.length; i++) logp[i] = Math.log(Math.max(probs[i]!, 1e-12));
    return { logp, steps: output.dims[1]!, classes: output.dims[2]! };
  });
}
