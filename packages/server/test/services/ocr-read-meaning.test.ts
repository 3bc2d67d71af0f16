import { describe, expect, it } from 'vitest';
import type { Strip } from '../../src/modules/ocr/pipeline/line-strips.js';
import { readStacked } from '../../src/modules/ocr/pipeline/read-stacked.js';
import { READ_LINES } from '../../src/modules/ocr/pipeline/thresholds.js';
import type { OcrLine, OcrWord } from '../../src/modules/ocr/worker-lane.js';

const GAP = READ_LINES.stackGap;
const strip = (width: number): Strip => ({ data: new Uint8Array(width * 48).fill(255), width, height: 48 });

/** A word read on the first strip of a stack, `x0` to `x1` in the strip's own pixels. */
const word = (text: string, confidence: number, x0: number, x1: number): OcrWord => ({
  text,
  confidence,
  box: { x0: x0 + GAP, y0: GAP + 4, x1: x1 + GAP, y1: GAP + 44 },
});
const line = (words: OcrWord[]): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: words.reduce((sum, w) => sum + w.confidence, 0) / words.length,
  rowHeight: 40,
  box: { x0: words[0]!.box.x0, y0: GAP + 4, x1: words.at(-1)!.box.x1, y1: GAP + 44 },
  words,
});

/** Lines this doubtful are dropped, as `trustedLines` drops them. */
const trust = (lines: readonly OcrLine[]) => lines.filter((l) => l.confidence >= 45);

/** A page reader that reads the whole strip as `whole`, and the strip cut to its left as `cut`. */
function reader(whole: OcrLine, cut: OcrLine) {
  const widths: number[] = [];
  const recognize = (png: Buffer) => {
    // The stack's width (its strips and the gaps either side) tells the two reads apart.
    const width = png.readUInt32BE(16) - 2 * GAP;
    widths.push(width);
    return Promise.resolve(width === 400 ? [whole] : [cut]);
  };
  return { recognize, widths };
}

describe('a Tamil word with its meaning after a separator', () => {
  it('is read again cut before the separator, and that reading kept when surer', async () => {
    const whole = line([word('மாணவன்', 3, 10, 120), word('-', 49, 140, 160), word('810061', 0, 180, 390)]);
    const { recognize, widths } = reader(whole, line([word('மாணவன்', 60, 10, 120)]));
    const [reading] = await readStacked(recognize, trust)([strip(400)]);
    expect(widths).toEqual([400, 140]);
    expect(reading).toMatchObject({ text: 'மாணவன்', confidence: 60 });
  });

  it('is cut after a separator read onto its word ("மேசை-")', async () => {
    const whole = line([word('மேசை-', 31, 10, 150), word('(1௦', 10, 170, 390)]);
    const { recognize, widths } = reader(whole, line([word('மேசை-', 70, 10, 150)]));
    await readStacked(recognize, trust)([strip(400)]);
    expect(widths).toEqual([400, 150]);
  });

  it('keeps the first reading when the cut one is no surer', async () => {
    const whole = line([word('பயணம்', 62, 10, 120), word('-', 66, 140, 160), word('பா', 40, 180, 390)]);
    const { recognize } = reader(whole, line([word('பயணம', 30, 10, 120)]));
    const [reading] = await readStacked(recognize, trust)([strip(400)]);
    expect(reading?.text).toBe('பயணம் - பா');
  });

  it('leaves a line without Tamil before the separator, or nothing after it, unread again', async () => {
    for (const whole of [
      line([word('apple', 30, 10, 120), word('-', 60, 140, 160), word('epal', 30, 180, 390)]),
      line([word('மேசை', 30, 10, 120), word('-', 60, 140, 160)]),
    ]) {
      const { recognize, widths } = reader(whole, whole);
      await readStacked(recognize, trust)([strip(400)]);
      expect(widths).toEqual([400]);
    }
  });
});
