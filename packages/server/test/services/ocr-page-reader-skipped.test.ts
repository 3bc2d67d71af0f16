import { understandList } from '@spellwell/shared';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createOcrService,
  OCR_DEFAULTS,
  sureButFor,
  type Readings,
} from '../../src/modules/ocr/ocr-service.js';
import { ModelSessions } from '../../src/modules/ocr/pipeline/onnx-models.js';
import { readDetectedLines } from '../../src/modules/ocr/pipeline/read-lines.js';
import {
  confirmedByTesseract,
  cutBox,
  standsIn,
  type EntryToCheck,
} from '../../src/modules/ocr/pipeline/second-opinion.js';
import { CHOOSE, SKIP } from '../../src/modules/ocr/pipeline/thresholds.js';
import { prepareImage } from '../../src/modules/ocr/prepare-image.js';
import { WorkerLane } from '../../src/modules/ocr/worker-lane.js';
import { readFixture, SCAN_FIXTURES, score } from '../support/scan-fixtures.js';
import { renderWorksheet } from '../support/worksheet-images.js';

describe('whether Tesseract read an entry whole on its line', () => {
  it('finds the entry among a number, dots and a meaning, whatever the case', () => {
    expect(standsIn('playground', '7. playground ..')).toBe(true);
    expect(standsIn('hot chocolate', '1. Hot Chocolate')).toBe(true);
    expect(standsIn('continue', 'continue | to keep going')).toBe(true);
  });

  it('does not find a misread entry, or one that runs on into more letters', () => {
    expect(standsIn('dlifferent', '5. different')).toBe(false);
    expect(standsIn('cerain', '4 | certain')).toBe(false);
    expect(standsIn('cat', 'cats')).toBe(false);
    expect(standsIn('ring', 'bring')).toBe(false);
    expect(standsIn('', 'anything')).toBe(false);
  });
});

describe("cutting an entry's line for the second reader", () => {
  it('cuts around the box with room across and a little down, the grey paper made white', () => {
    const [width, height] = [100, 60];
    const data = new Uint8Array(width * height).fill(200);
    for (let x = 40; x < 60; x++) data[30 * width + x] = 20; // one dark stroke
    const cut = cutBox({ data, width, height, channels: 1 }, { x0: 40, y0: 20, x1: 60, y1: 40 });
    // Room of half the line's height across (10), a fifth of it down (4).
    expect({ width: cut.width, height: cut.height }).toEqual({ width: 40, height: 28 });
    expect(cut.data[0]).toBe(255);
    expect(cut.data[(30 - 16) * cut.width + 20]).toBeLessThan(40);
  });
});

describe('a second opinion on the detector reading, by Tesseract', () => {
  const models = new ModelSessions(60_000);
  const lane = new WorkerLane('English', OCR_DEFAULTS);
  afterAll(() => Promise.all([models.close(), lane.close()]));

  it('stands when Tesseract reads every entry the same, and not when one entry was misread', async () => {
    const words = ['garden', 'window', 'yellow', 'pencil'];
    const prepared = await prepareImage(await renderWorksheet({ words, language: 'English' }), undefined, {
      models,
    });
    const grey = { ...prepared.upright, channels: 1 as const };
    const lines = await readDetectedLines(models, grey);
    const entries: EntryToCheck[] = understandList(lines, 'English').entries.map((entry) => ({
      text: entry.text,
      line: lines[entry.source]!,
    }));
    expect(entries.map((e) => e.text)).toEqual(words);
    expect(await lane.run((recognize) => confirmedByTesseract(grey, entries, recognize))).toBe(true);
    const misread = entries.map((e) => (e.text === 'window' ? { ...e, text: 'wlndow' } : e));
    expect(await lane.run((recognize) => confirmedByTesseract(grey, misread, recognize))).toBe(false);
  }, 120_000);
});

describe('when only unsure characters keep the detector reading from being sure alone', () => {
  const reading = (least: number[], gap = false) => ({
    words: least.map((_, i) => `word${i}`),
    lines: least.map((_, i) => ({
      text: `word${i}`,
      confidence: CHOOSE.linesSure + 5,
      box: { x: 0, y: 0, width: 1, height: 1 },
    })),
    least,
    gap,
  });
  const sure = SKIP.leastSure + 20;

  it('names the unsure entries, none when it is sure alone, and nothing to confirm otherwise', () => {
    expect(sureButFor(reading([sure, SKIP.leastSure - 1, sure, sure]))).toEqual([1]);
    expect(sureButFor(reading([sure, sure, sure, sure]))).toEqual([]);
    expect(sureButFor(reading([sure, SKIP.leastSure - 1, sure, sure], true))).toBeUndefined();
    expect(sureButFor(reading([sure, SKIP.leastSure - 1]))).toBeUndefined();
  });

  it("skips the page reader on a 12 MP phone photo once Tesseract agrees (en-dotted-12mp's 'playground')", async () => {
    const { readings, result, fixture } = await scanFixture('en-dotted-12mp-exif8.jpg');
    expect(readings).toMatchObject({ chosen: 'lines', skipped: true, confirmed: true });
    expect(score(fixture.words, result.words)).toMatchObject({ recall: 1, precision: 1 });
    // The unsure entry is still marked for the parent's glance.
    expect(result.lines.find((line) => line.text === 'playground')!.confidence).toBeLessThan(75);
  }, 180_000);
});

describe('Chinese: the page reader skipped only once the flattened page shows no grid', () => {
  it('answers with the detector reading of a 12 MP photo with no grid (zh-jobs-12mp)', async () => {
    const { readings, result, fixture } = await scanFixture('zh-jobs-12mp-exif6.jpg');
    expect(readings).toMatchObject({ chosen: 'lines', skipped: true });
    expect(readings?.confirmed).toBeUndefined();
    expect(score(fixture.words, result.words)).toMatchObject({ recall: 1, precision: 1 });
  }, 180_000);

  it('reads a grid sheet by its cells though its detector reading is sure alone (zh-mizige-phone)', async () => {
    const { readings, result, fixture } = await scanFixture('zh-mizige-phone.jpg');
    // The cells answer, and no readings are observed on that path.
    expect(readings).toBeUndefined();
    expect(score(fixture.words, result.words)).toMatchObject({ recall: 1, precision: 1 });
  }, 180_000);
});

/** One of the first fixtures scanned by the service as the route runs it, with its readings. */
async function scanFixture(file: string) {
  const fixture = SCAN_FIXTURES.find((f) => f.file === file)!;
  const ocr = createOcrService();
  try {
    let readings: Readings | undefined;
    const result = await ocr.scan(fixture.language, readFixture(fixture), undefined, (r) => (readings = r));
    return { readings, result, fixture };
  } finally {
    await ocr.close();
  }
}
