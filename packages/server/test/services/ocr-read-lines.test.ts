import { readFileSync } from 'node:fs';
import { understandList } from '@spellwell/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { lineFrame, type LineFrame } from '../../src/modules/ocr/pipeline/detect-text.js';
import {
  cutStrip,
  frameBox,
  scaleFrame,
  tightenFrame,
  turnByNeighbours,
} from '../../src/modules/ocr/pipeline/line-strips.js';
import { ModelSessions } from '../../src/modules/ocr/pipeline/onnx-models.js';
import {
  joinRows,
  readDetectedLines,
  readStacked,
  type ReadPart,
} from '../../src/modules/ocr/pipeline/read-lines.js';
import { WorkerLane } from '../../src/modules/ocr/worker-lane.js';
import { renderWorksheet, SAMPLE_WORD_LISTS } from '../support/worksheet-images.js';
import { decode } from '../../src/modules/ocr/pipeline/recognise.js';
import {
  OCR_DEFAULTS,
  linesWin,
  reviewConfidence,
  sureAlone,
  type ScanResult,
} from '../../src/modules/ocr/ocr-service.js';
import { CHOOSE, REVIEW, SKIP } from '../../src/modules/ocr/pipeline/thresholds.js';
import { prepareImage } from '../../src/modules/ocr/prepare-image.js';
import { loadPhotoSplit, readPhoto, scoreWords } from '../support/scan-photos.js';

/** The pixels of a filled rectangle `length` × `thickness` turned by `angle`, on a map `width` wide. */
function tiltedRegion(
  cx: number,
  cy: number,
  length: number,
  thickness: number,
  angle: number,
  width: number,
) {
  const members: number[] = [];
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++) {
      const [dx, dy] = [x + 0.5 - cx, y + 0.5 - cy];
      const u = dx * Math.cos(angle) + dy * Math.sin(angle);
      const v = -dx * Math.sin(angle) + dy * Math.cos(angle);
      if (Math.abs(u) <= length / 2 && Math.abs(v) <= thickness / 2) members.push(y * width + x);
    }
  return Int32Array.from(members);
}

describe("a detected line's turned rectangle", () => {
  it('follows a tilted line: its direction, centre and extent (grown back as the box is)', () => {
    const members = tiltedRegion(100, 80, 120, 12, 0.2, 200);
    const frame = lineFrame(members, members.length, 200);
    expect(frame.angle).toBeCloseTo(0.2, 1);
    expect(frame.cx).toBeCloseTo(100, 0);
    expect(frame.cy).toBeCloseTo(80, 0);
    // Grown by area × 1.5 / perimeter on each side, as PaddleOCR unclips.
    const grow = (120 * 12 * 1.5) / (2 * 132);
    expect(frame.length).toBeGreaterThan(120 + 2 * grow - 4);
    expect(frame.length).toBeLessThan(120 + 2 * grow + 4);
    expect(frame.thickness).toBeGreaterThan(12 + 2 * grow - 3);
    expect(frame.thickness).toBeLessThan(12 + 2 * grow + 3);
  });

  it('keeps a number or a character level: a region about as tall as wide has no direction', () => {
    const frame: LineFrame = { cx: 50, cy: 50, angle: 1.5, length: 40, thickness: 22 };
    const level = scaleFrame({ x0: 40, y0: 30, x1: 62, y1: 70, score: 0.9, line: frame }, 2);
    expect(level).toEqual({ cx: 102, cy: 100, angle: 0, length: 44, thickness: 80 });
  });
});

describe('cutting a line out level', () => {
  it('lays a tilted dark bar flat across the strip, the paper around it white', () => {
    const width = 300;
    const height = 200;
    const data = new Uint8Array(width * height).fill(255);
    for (const p of tiltedRegion(150, 100, 200, 20, -0.3, width)) if (p < data.length) data[p] = 0;
    const frame: LineFrame = { cx: 150, cy: 100, angle: -0.3, length: 220, thickness: 40 };
    const strip = cutStrip({ data, width, height, channels: 1 }, frame, 48);
    expect(strip.height).toBe(48);
    expect(strip.width).toBe(Math.round(220 / (40 / 48)));
    const mean = (row: number, from: number, to: number) => {
      let sum = 0;
      for (let x = from; x < to; x++) sum += strip.data[row * strip.width + x]!;
      return sum / (to - from);
    };
    // The bar fills the middle rows from end to end; the top and bottom rows are paper.
    expect(mean(24, 20, strip.width - 20)).toBeLessThan(20);
    expect(mean(2, 0, strip.width)).toBeGreaterThan(235);
    expect(mean(45, 0, strip.width)).toBeGreaterThan(235);
    // Cut twice as wide for a second look at small print: the same bar, end to end.
    const wide = cutStrip({ data, width, height, channels: 1 }, frame, 48, 2);
    expect(wide.height).toBe(48);
    expect(wide.width).toBe(Math.round((2 * 220) / (40 / 48)));
    const row = wide.data.subarray(24 * wide.width + 40, 25 * wide.width - 40);
    expect(row.reduce((sum, v) => sum + v, 0) / row.length).toBeLessThan(20);
  });

  it('narrows a long strip to its ink when the region is far thicker than its print', () => {
    const width = 500;
    const height = 200;
    const data = new Uint8Array(width * height).fill(255);
    // Print 12 px tall, 6 px below the middle of a region 60 px thick and 420 long.
    for (let y = 100; y < 112; y++) for (let x = 60; x < 440; x += 3) data[y * width + x] = 0;
    const grey = { data, width, height, channels: 1 as const };
    const frame: LineFrame = { cx: 250, cy: 100, angle: 0, length: 420, thickness: 60 };
    const tight = tightenFrame(grey, frame, 48);
    expect(tight.cy).toBeGreaterThan(104);
    expect(tight.cy).toBeLessThan(108);
    expect(tight.thickness).toBeGreaterThan(12);
    expect(tight.thickness).toBeLessThan(22);
    expect(tight.length).toBe(420);
    // Print that fills its region, and a short word, are left as they are.
    const full: LineFrame = { cx: 250, cy: 106, angle: 0, length: 420, thickness: 14 };
    expect(tightenFrame(grey, full, 48)).toEqual(full);
    const word: LineFrame = { cx: 150, cy: 100, angle: 0, length: 200, thickness: 60 };
    expect(tightenFrame(grey, word, 48)).toEqual(word);
    // A dark-mode screen's light print on a dark bubble: the same band, not the bubble's.
    const dark = { ...grey, data: data.map((v) => 255 - v) };
    expect(tightenFrame(dark, frame, 48)).toEqual(tight);
    // A dim photo's: grey paper, darker ink, measured as it is.
    const dim = { ...grey, data: data.map((v) => (v === 255 ? 90 : 20)) };
    expect(tightenFrame(dim, frame, 48)).toEqual(tight);
  });

  it("turns a short region to its neighbours' direction when they tilt, and not when they are level", () => {
    const line: LineFrame = { cx: 200, cy: 100, angle: 0.15, length: 300, thickness: 30 };
    // A short word's level box on the next row: 100 × 30 print turned 0.15, boxed.
    const [c, s] = [Math.cos(0.15), Math.sin(0.15)];
    const short: LineFrame = {
      cx: 120,
      cy: 150,
      angle: 0,
      length: 100 * c + 30 * s,
      thickness: 100 * s + 30 * c,
    };
    const [, turned] = turnByNeighbours([line, short], [true, false]);
    expect(turned!.angle).toBeCloseTo(0.15, 5);
    expect(turned!.length).toBeCloseTo(100, 5);
    expect(turned!.thickness).toBeCloseTo(30, 5);
    const [, level] = turnByNeighbours([{ ...line, angle: 0.01 }, short], [true, false]);
    expect(level).toEqual(short);
    // Far from every directed line (a lone word): left level.
    expect(turnByNeighbours([line, { ...short, cy: 900 }], [true, false])[1]).toEqual({ ...short, cy: 900 });
  });

  it('places a frame on the page by the box around it', () => {
    const box = frameBox({ cx: 100, cy: 50, angle: 0, length: 80, thickness: 20 });
    expect(box).toEqual({ x0: 60, y0: 40, x1: 140, y1: 60 });
  });
});

const part = (text: string, x0: number, y0: number, x1: number, y1: number, angle = 0): ReadPart => ({
  text,
  confidence: 99,
  least: 97,
  box: { x0, y0, x1, y1 },
  frame: { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, angle, length: x1 - x0, thickness: y1 - y0 },
});

describe('joining the parts read into lines', () => {
  it("joins a table's number cell to its word, and keeps the meaning column apart", () => {
    const lines = joinRows([
      part('present', 560, 100, 700, 150),
      part('礼物', 240, 100, 320, 150),
      part('1', 170, 104, 195, 146),
      part('teacher', 560, 170, 690, 220),
      part('老师', 240, 170, 320, 220),
      part('2', 170, 174, 195, 216),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['1 礼物', 'present', '2 老师', 'teacher']);
  });

  it('follows a row part to part, so the far end of a curled row does not meet the next row', () => {
    // The right column drifts up by most of a row (a curled page): each row's parts are
    // close, and the drift only shows across the gap to the far column.
    const lines = joinRows([
      part('1.', 100, 100, 130, 140),
      part('orbit', 140, 100, 260, 140),
      part('2.', 100, 160, 130, 200),
      part('comet', 140, 160, 270, 200),
      part('far', 700, 130, 800, 170, -0.05),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['1. orbit', 'far', '2. comet']);
  });

  it('joins a number cell to the taller box of its word on a slanted table', () => {
    const lines = joinRows([part('1', 1192, 500, 1225, 540), part('group', 1270, 447, 1418, 535)]);
    expect(lines.map((l) => l.text)).toEqual(['1 group']);
  });

  it('separates the words of an inline list, each boxed apart, with commas; not two words', () => {
    const inline = joinRows([
      part('pisang', 840, 708, 947, 752),
      part('kelas', 965, 712, 1048, 750),
      part('kereta', 1069, 717, 1168, 756),
    ]);
    expect(inline.map((l) => l.text)).toEqual(['pisang, kelas, kereta']);
    const phrase = joinRows([part('ice', 100, 100, 160, 140), part('cream', 175, 100, 280, 140)]);
    expect(phrase.map((l) => l.text)).toEqual(['ice cream']);
    // Under rows of three, two words boxed apart are the list's last row, not a phrase.
    const lastRow = joinRows([
      part('pisang', 840, 708, 947, 752),
      part('kelas', 965, 712, 1048, 750),
      part('kereta', 1069, 717, 1168, 756),
      part('ice', 840, 800, 900, 840),
      part('cream', 915, 800, 1020, 840),
    ]);
    expect(lastRow.map((l) => l.text)).toEqual(['pisang, kelas, kereta', 'ice, cream']);
    const sentence = joinRows([
      part('1.', 60, 100, 90, 140),
      part('orbit', 100, 100, 200, 140),
      part('path', 215, 100, 300, 140),
    ]);
    expect(sentence.map((l) => l.text)).toEqual(['1. orbit path']);
  });

  it('separates the words of one region a wide blank parts (its pieces), as words boxed apart', () => {
    // A laptop screen photographed from afar: the detector's small copy closed "kitchen" and
    // "particular" into one region; the strip's blank between them made two pieces.
    const merged = { ...part('kitchen particular', 1051, 690, 1315, 751), pieces: ['kitchen', 'particular'] };
    const row = joinRows([part('certain', 930, 713, 1040, 757), merged]);
    expect(row.map((l) => l.text)).toEqual(['certain, kitchen, particular']);
    // Two pieces alone may be a phrase; a region without pieces is read as it is.
    const alone = joinRows([
      { ...part('kitchen particular', 1051, 690, 1315, 751), pieces: ['kitchen', 'particular'] },
    ]);
    expect(alone.map((l) => l.text)).toEqual(['kitchen particular']);
    const plain = joinRows([
      part('certain', 930, 713, 1040, 757),
      part('kitchen particular', 1051, 690, 1315, 751),
    ]);
    expect(plain.map((l) => l.text)).toEqual(['certain kitchen particular']);
    // A table's border read between wide blanks is no word: the row stays a word and its meaning.
    const bordered = joinRows([
      { ...part('lambat I slow', 263, 1320, 568, 1378), pieces: ['lambat', 'I', 'slow'] },
    ]);
    expect(bordered.map((l) => l.text)).toEqual(['lambat I slow']);
  });

  it("gives one row's lines left to right, whichever top is higher, then the next row", () => {
    // A label and the list after it overlap too far to join (the detector's padded boxes).
    const lines = joinRows([
      part('蝴蝶、金鱼、唱', 347, 623, 913, 679),
      part('请复习：', 180, 624, 375, 676),
      part('歌、声音', 178, 681, 872, 735),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['请复习：', '蝴蝶、金鱼、唱', '歌、声音']);
  });

  it('gives a line the least sure character of its parts', () => {
    const [line] = joinRows([
      { ...part('1.', 100, 100, 130, 140), least: 40 },
      { ...part('orbit', 140, 100, 260, 140), least: 90 },
    ]);
    expect(line).toMatchObject({ text: '1. orbit', least: 40 });
  });
});

describe("the recogniser's scores", () => {
  // Four steps over blank, "a", "b": "a" surely, a blank, then "b" barely.
  const keys = ['', 'a', 'b'];
  const steps = new Float32Array([0.1, 0.9, 0, 0.1, 0.9, 0, 0.9, 0.1, 0, 0.2, 0.35, 0.45]);

  it('reads by greedy CTC and keeps the least sure character beside the mean', () => {
    const reading = decode(steps, 4, 3, keys);
    expect(reading.text).toBe('ab');
    expect(reading.confidence).toBeCloseTo(67.5, 5);
    expect(reading.least).toBeCloseTo(45, 5);
    expect(decode(new Float32Array([1, 0, 0]), 1, 3, keys)).toMatchObject({
      text: '',
      confidence: 0,
      least: 0,
    });
  });
});

describe('how sure the review says a detected line is', () => {
  const page = (lines: [string, number][]): ScanResult => ({
    words: lines.map(([text]) => text),
    lines: lines.map(([text, confidence]) => ({
      text,
      confidence,
      box: { x: 0, y: 0, width: 1, height: 1 },
    })),
  });

  it('marks a line whose least sure character is under the cut, and not one above it', () => {
    expect(reviewConfidence(100, 'orbit', page([]))).toBe(100);
    expect(reviewConfidence(REVIEW.leastSure, 'orbit', page([]))).toBe(75);
    expect(reviewConfidence(REVIEW.leastSure - 10, 'orbit', page([]))).toBeLessThan(75);
    expect(reviewConfidence(REVIEW.leastSure + 10, 'orbit', page([]))).toBeGreaterThan(75);
  });

  it("shows the page reader's confidence when it read the same entry less surely", () => {
    const tesseract = page([
      ['Bottle', 60],
      ['marble', 90],
    ]);
    expect(reviewConfidence(99, 'bottle', tesseract)).toBe(60);
    expect(reviewConfidence(99, 'marble', tesseract)).toBe(90);
    expect(reviewConfidence(99, 'candle', tesseract)).toBe(99);
  });
});

/** A reading of the list stage's entries, each `confidence` sure, its least sure character `least`. */
const reading = (entries: { confidence: number; least?: number; doubtful?: boolean }[], gap = false) => ({
  words: entries.map((_, i) => `word${i}`),
  lines: entries.map(({ confidence, doubtful }, i) => ({
    text: `word${i}`,
    confidence,
    box: { x: 0, y: 0, width: 1, height: 1 },
    ...(doubtful ? { doubtful } : {}),
  })),
  least: entries.map((e) => e.least ?? 100),
  gap,
});

describe("when the detector's reading is sure enough to skip the page reader", () => {
  const sure = { confidence: CHOOSE.linesSure + 5, least: SKIP.leastSure + 20 };
  const list = (n: number) => Array.from({ length: n }, () => sure);

  it('skips it for enough sure entries, every character read surely, no gap in the numbering', () => {
    expect(sureAlone(reading(list(SKIP.sureEntries)))).toBe(true);
  });

  it('reads the page too for too few entries, a doubtful one, an unsure character or a numbering gap', () => {
    expect(sureAlone(reading(list(SKIP.sureEntries - 1)))).toBe(false);
    expect(sureAlone(reading([...list(SKIP.sureEntries), { ...sure, doubtful: true }]))).toBe(false);
    expect(sureAlone(reading([...list(SKIP.sureEntries), { ...sure, least: SKIP.leastSure - 1 }]))).toBe(
      false,
    );
    expect(sureAlone(reading(list(SKIP.sureEntries), true))).toBe(false);
  });
});

describe("choosing between the detector's reading and the page reader's", () => {
  const lines = (sure: number, unsure: number) =>
    reading([
      ...Array.from({ length: sure }, () => ({ confidence: CHOOSE.linesSure + 5 })),
      ...Array.from({ length: unsure }, () => ({ confidence: 99, doubtful: true })),
    ]);
  const page = (sure: number, unsure: number) =>
    reading([
      ...Array.from({ length: sure }, () => ({ confidence: CHOOSE.pageSure + 5 })),
      ...Array.from({ length: unsure }, () => ({ confidence: CHOOSE.pageSure - 5 })),
    ]);

  it('keeps the reading with more sure entries, each on its own scale', () => {
    expect(linesWin(lines(5, 0), page(4, 0), CHOOSE.pageSure)).toBe(true);
    expect(linesWin(lines(4, 0), page(5, 0), CHOOSE.pageSure)).toBe(false);
  });

  it('breaks a tie at a list by the entries left unsure (a reply kept, specks of desk)', () => {
    expect(linesWin(lines(8, 0), page(8, 1), CHOOSE.pageSure)).toBe(true);
    expect(linesWin(lines(8, 2), page(8, 1), CHOOSE.pageSure)).toBe(false);
    expect(linesWin(lines(8, 1), page(8, 1), CHOOSE.pageSure)).toBe(false);
  });

  it("keeps the page reader's when neither found a list (a blurred photo: one junk line against a few words)", () => {
    expect(linesWin(lines(0, 1), page(0, 4), CHOOSE.pageSure)).toBe(false);
  });
});

describe('reading the detected lines of a photo', () => {
  const models = new ModelSessions(60_000);
  afterAll(() => models.close());

  /** A photo decoded and turned upright as a scan does, then its detected lines read. */
  const detectedLinesOf = async (photo: Buffer) => {
    const prepared = await prepareImage(photo, undefined, { models });
    return readDetectedLines(models, { ...prepared.upright, channels: 1 });
  };
  const readLinesPhoto = (file: string) =>
    readFileSync(new URL(`../fixtures/read-lines/${file}`, import.meta.url));

  it('reads a curled page with no page found or flattened (tuning split: en-curl-01)', async () => {
    const photo = loadPhotoSplit('tuning').find((f) => f.file === 'en-curl-01.jpg')!;
    const lines = await detectedLinesOf(readPhoto('tuning', photo));
    const words = understandList(lines, 'English').entries.map((e) => e.text);
    expect(scoreWords(photo.words, words)).toMatchObject({ recall: 1, precision: 1 });
  }, 120_000);

  it('follows a tilted handwritten row along its words, short words too (tuning-k: ms-handwriting-26)', async () => {
    // Three words a row on a page tilted about 8°: the short words have no direction of their
    // own, and followed level their row's next word was lost ("berenang semut", "pisang sedih").
    const lines = await detectedLinesOf(readLinesPhoto('ms-handwriting-inline.jpg'));
    expect(lines.map((line) => line.text)).toContain('ikan, berenang, semut');
    const words = understandList(lines, 'Malay').entries.map((e) => e.text);
    expect(words).toEqual(expect.arrayContaining(['ikan', 'berenang', 'semut', 'pisang', 'sedih']));
    expect(words.filter((word) => word.includes(' '))).toEqual([]);
  }, 120_000);

  it("keeps a booklet's word bank, sure, beside a story and over fill-in sentences (tuning-l: en-booklet-41)", async () => {
    // The sentences' blanks are thin rules nobody reads; on the tilted spread "1. The teacher
    // said" boxed taller than its tail "twice.", and the pieces stayed apart as entries.
    const lines = await detectedLinesOf(readLinesPhoto('en-booklet-word-bank.jpg'));
    const { entries } = understandList(lines, 'English');
    expect(entries.map((e) => e.text).sort()).toEqual(
      [
        'courage',
        'perhaps',
        'material',
        'grammar',
        'group',
        'continue',
        'interest',
        'decide',
        'guard',
      ].sort(),
    );
    // Introduced by its heading ("Word bank"), the list is no guess: the chooser counts it sure.
    expect(entries.filter((e) => e.doubtful)).toEqual([]);
  }, 120_000);

  it("reads a curled page's short words tilted 17 to 29 degrees along their own direction (tuning-k: en-curl-01)", async () => {
    // Grown by the detector's margin, its short words are 2.2 to 2.9 times as long as thick,
    // and the lowest lines tilt past 25°: cut level, they read "&ve", "9kth", "1".
    const lines = await detectedLinesOf(readLinesPhoto('en-curl-tilted-words.jpg'));
    const { entries } = understandList(lines, 'English');
    expect(entries.map((e) => e.text)).toEqual(
      expect.arrayContaining(['build', 'weight', 'kitchen', 'pressure', 'suppose', 'important', 'opposite']),
    );
  }, 120_000);

  it("reads a Tamil sheet's detected lines with Tesseract, stacked one under another", async () => {
    const words = [...SAMPLE_WORD_LISTS.Tamil];
    const prepared = await prepareImage(await renderWorksheet({ words, language: 'Tamil' }), undefined, {
      models,
    });
    const lane = new WorkerLane('Tamil', OCR_DEFAULTS);
    try {
      const lines = await lane.run((recognize) =>
        readDetectedLines(models, { ...prepared.upright, channels: 1 }, readStacked(recognize)),
      );
      expect(understandList(lines, 'Tamil').entries.map((e) => e.text)).toEqual(words);
    } finally {
      await lane.close();
    }
  }, 180_000);
});
