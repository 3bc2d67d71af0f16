import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createOcrService,
  emptyReason,
  linesToText,
  OCR_DEFAULTS,
  pinyinLines,
  rescaleFactor,
  scriptConfidence,
  trimLine,
  type OcrService,
  type Readings,
} from '../../src/modules/ocr/ocr-service.js';
import { BudgetSpent, CpuBudget } from '../../src/modules/ocr/pipeline/budget.js';
import { splitAtGaps } from '../../src/modules/ocr/line-parts.js';
import { prepareImage } from '../../src/modules/ocr/prepare-image.js';
import { WorkerLane } from '../../src/modules/ocr/worker-lane.js';
import { renderWorksheet } from '../support/worksheet-images.js';

const sheet = await renderWorksheet({ words: ['sekolah', 'rumah', 'kawan baik'], language: 'Malay' });
const services: OcrService[] = [];
const service = (options: Parameters<typeof createOcrService>[0]) => {
  const created = createOcrService(options);
  services.push(created);
  return created;
};
afterAll(() => Promise.all(services.map((s) => s.close())));

describe('the OCR service', () => {
  it('starts a language worker for a scan and stops it when the scan is done with it', async () => {
    const ocr = service({});
    expect(ocr.runningLanguages()).toEqual([]);
    const whileReading: string[][] = [];
    const lap = (step: string) => {
      // Flattening's first step, then Tesseract's: the worker starts beside the flattening.
      if (step === 'load OpenCV' || step === 'recognise, first pass')
        whileReading.push(ocr.runningLanguages());
    };
    expect((await ocr.scan('Malay', sheet, lap)).words).toEqual(['sekolah', 'rumah', 'kawan baik']);
    expect(whileReading).toEqual([['Malay'], ['Malay']]);
    expect(ocr.runningLanguages()).toEqual([]);
    expect((await ocr.scan('Malay', sheet)).words).toEqual(['sekolah', 'rumah', 'kawan baik']);
    expect(ocr.runningLanguages()).toEqual([]);
  }, 180_000);

  it('keeps a worker while another scan is using it', async () => {
    const ocr = service({});
    const [first, second] = await Promise.all([ocr.scan('Malay', sheet), ocr.scan('Malay', sheet)]);
    expect(first.words).toEqual(second.words);
    expect(ocr.runningLanguages()).toEqual([]);
  }, 180_000);

  it('stops a worker left idle by its direct user after the idle time', async () => {
    const lane = new WorkerLane('Malay', { ...OCR_DEFAULTS, idleMs: 50 });
    const { png: image } = await prepareImage(sheet);
    expect(linesToText(await lane.read(image))).toContain('kawan baik');
    expect(lane.running).toBe(true);
    await vi.waitFor(() => expect(lane.running).toBe(false), { timeout: 10_000, interval: 20 });
    await lane.close();
  }, 120_000);

  it('starts a worker ahead of its job, and stops it after the idle time when none comes', async () => {
    const lane = new WorkerLane('Malay', { ...OCR_DEFAULTS, idleMs: 50 });
    const { png: image } = await prepareImage(sheet);
    lane.warm();
    expect(lane.running).toBe(true);
    await vi.waitFor(() => expect(lane.running).toBe(false), { timeout: 10_000, interval: 20 });
    lane.warm();
    expect(linesToText(await lane.read(image))).toContain('kawan baik');
    await lane.close();
    expect(lane.running).toBe(false);
  }, 120_000);

  it('refuses a scan at once when the queue of its language is full', async () => {
    const lane = new WorkerLane('Malay', { ...OCR_DEFAULTS, maxWaiting: 1 });
    const { png: image } = await prepareImage(sheet);
    const reads = [1, 2, 3].map(() =>
      lane.read(image).then(
        (lines) => linesToText(lines),
        (err: unknown) => err,
      ),
    );
    const [first, second, third] = await Promise.all(reads);
    expect(first).toContain('kawan baik');
    expect(second).toContain('kawan baik');
    expect(third).toMatchObject({ statusCode: 503, code: 'busy', message: 'Busy, try again in a moment.' });
    await lane.close();
  }, 120_000);

  it('abandons a scan that takes too long and stops its worker', async () => {
    const ocr = service({ timeoutMs: 1 });
    await expect(ocr.scan('Malay', sheet)).rejects.toMatchObject({
      statusCode: 503,
      code: 'scan_timeout',
      message: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
    });
    expect(ocr.runningLanguages()).toEqual([]);
  }, 120_000);

  it("stops the page reader when its CPU budget is spent and answers with the detector's reading", async () => {
    const ocr = service({ pageReaderCpuSeconds: 0 });
    let observed: Readings | undefined;
    const result = await ocr.scan('Malay', sheet, undefined, (readings) => (observed = readings));
    expect(observed).toMatchObject({ chosen: 'lines', budgetSpent: true });
    expect(result.words).toEqual(['sekolah', 'rumah', 'kawan baik']);
    // Stopped before Tesseract's page was read: its worker, started beside the flattening, too.
    expect(ocr.runningLanguages()).toEqual([]);
  }, 120_000);

  it('counts CPU-seconds against a budget: a step past it throws, and the stop signal fires', async () => {
    const budget = new CpuBudget(0.05);
    expect(() => budget.check()).not.toThrow();
    const until = performance.now() + 1000;
    while (budget.spent() <= 0.05 && performance.now() < until) Math.sqrt(Math.random());
    await expect(budget.stop).rejects.toBeInstanceOf(BudgetSpent);
    expect(() => budget.check()).toThrow(BudgetSpent);
    budget.close();
  });

  it('stops a running worker on close; a closed service refuses new scans', async () => {
    const lane = new WorkerLane('Malay', OCR_DEFAULTS);
    const { png: image } = await prepareImage(sheet);
    await lane.read(image);
    expect(lane.running).toBe(true);
    await lane.close();
    expect(lane.running).toBe(false);
    const ocr = service({});
    await ocr.scan('Malay', sheet);
    await ocr.close();
    expect(ocr.runningLanguages()).toEqual([]);
    await expect(ocr.scan('Malay', sheet)).rejects.toMatchObject({ statusCode: 503, code: 'closing' });
  }, 120_000);
});

describe('reading what Tesseract returns', () => {
  const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
  const line = (text: string, confidence: number, rowHeight = 45) => ({
    text,
    confidence,
    rowHeight,
    box,
    words: text.split(' ').map((word) => ({ text: word, confidence, box })),
  });

  it('drops lines Tesseract doubts (the page edge, the desk), keeps the rest in order', () => {
    expect(linesToText([line('ண', 38), line('1. apple', 96), line('EE —', 0), line('2. pear', 45)])).toBe(
      '1. apple\n2. pear',
    );
  });

  it.each([
    { name: 'print of a good size', heights: [40, 50, 55], expected: undefined },
    { name: 'large print (a close-up phone photo)', heights: [80, 82, 81.5], expected: 48 / 81.5 },
    { name: 'small print, enlarged at most twice', heights: [20, 21, 22], expected: 2 },
    { name: 'small print, enlarged less than twice', heights: [30, 30, 32], expected: 1.6 },
    { name: 'nothing read', heights: [], expected: undefined },
  ])('rescales $name', ({ heights, expected }) => {
    expect(rescaleFactor(heights.map((h, i) => line(`word ${i}`, 90, h)))).toBe(expected);
  });

  it('cuts doubtful words off the ends of a line (what is left of a rule or a grid), keeps the rest', () => {
    const read = {
      ...line('ee necessary ....', 80),
      words: [
        { text: 'ee', confidence: 12, box },
        { text: 'necessary', confidence: 91, box },
        { text: '....', confidence: 20, box },
      ],
    };
    expect(trimLine({ ...read, confidence: 30 })).toMatchObject({ text: 'necessary', confidence: 91 });
    expect(linesToText([{ ...read, confidence: 30 }])).toBe('necessary');
    // A line Tesseract trusts is left whole.
    expect(trimLine(read)).toBe(read);
  });

  it('measures print only on lines it trusts', () => {
    expect(
      rescaleFactor([line('a', 90, 45), line('b', 90, 46), line('noise', 10, 200), line('noise', 20, 200)]),
    ).toBeUndefined();
  });
});

describe('why nothing was found', () => {
  const page = (gridShare: number, pageFound = true) => ({
    page: { gridShare, pageFound, columnRules: [], toPhoto: (x: number, y: number) => ({ x, y }) },
  });
  const read = (text: string) => ({
    text,
    confidence: 90,
    rowHeight: 40,
    box: { x0: 0, y0: 0, x1: 1, y1: 1 },
    words: [],
  });

  it('is the grid first, then what the list stage saw, then what was read', () => {
    expect(emptyReason(page(0.7), [], 'no-list')).toBe('mostly_grid');
    expect(emptyReason(page(0.1), [read('ஆசிரியர்')], 'wrong-language')).toBe('wrong_language');
    expect(emptyReason(page(0.1), [read('Once upon a time there was a fox.')], 'no-list')).toBe('no_list');
    expect(emptyReason(page(0.1, false), [], 'no-text')).toBe('no_page');
    expect(emptyReason(page(0.1), [], 'no-text')).toBe('no_text');
  });
});

describe('two columns on one line', () => {
  const word = (text: string, x0: number, x1: number) => ({
    text,
    confidence: 90,
    box: { x0, y0: 0, x1, y1: 40 },
  });
  const line = (words: ReturnType<typeof word>[]) => ({
    text: words.map((w) => w.text).join(' '),
    confidence: 90,
    rowHeight: 40,
    box: { x0: words[0]!.box.x0, y0: 0, x1: words.at(-1)!.box.x1, y1: 40 },
    words,
  });

  it('splits a line at a gap wider than one and a half rows, keeping each number with its entry', () => {
    const read = line([
      word('1.', 0, 20),
      word('a', 30, 50),
      word('piece', 60, 140),
      word('2.', 400, 420),
      word('pear', 430, 500),
    ]);
    expect(splitAtGaps(read).map((l) => l.text)).toEqual(['1. a piece', '2. pear']);
    expect(splitAtGaps(read)[1]!.box).toEqual({ x0: 400, y0: 0, x1: 500, y1: 40 });
  });

  it('keeps a list number that stands apart from its entry (a grid cell away)', () => {
    expect(splitAtGaps(line([word('1.', 0, 20), word('美丽', 100, 200)])).map((l) => l.text)).toEqual([
      '1. 美丽',
    ]);
  });
});

describe('measuring the print', () => {
  const line = (text: string, rowHeight: number) => ({
    text,
    confidence: 90,
    rowHeight,
    box: { x0: 0, y0: 0, x1: 10, y1: rowHeight },
    words: [],
  });

  it('measures on the lines in the set language, not the pinyin above them', () => {
    const read = [
      line('mei li', 24),
      line('1. 美丽', 48),
      line('ren zhen', 24),
      line('2. 认真', 50),
      line('bang zhu', 24),
    ];
    expect(rescaleFactor(read, 'Chinese')).toBeUndefined();
    expect(rescaleFactor(read)).toBe(2);
  });

  const at = (text: string, y0: number, y1: number, x0 = 100, x1 = 300, confidence = 80) => ({
    text,
    confidence,
    rowHeight: y1 - y0,
    box: { x0, y0, x1, y1 },
    words: [],
  });

  it('finds pinyin lines directly above Chinese ones, and only when there are several', () => {
    const sheet = [
      at('第六课 生字', 0, 40),
      at('mei li', 60, 80),
      at('1. 美丽', 90, 150, 40),
      at('ren zhen', 170, 190),
      at('2. 认真', 200, 260, 40),
      at('Name', 600, 620), // Latin, but nothing Chinese below it
    ];
    expect(pinyinLines(sheet).map((l) => l.text)).toEqual(['mei li', 'ren zhen']);
    // One English word on a Chinese sheet is not pinyin.
    expect(pinyinLines(sheet.slice(0, 3))).toEqual([]);
    // A Latin line beside the Chinese one (not above it) is not pinyin.
    expect(
      pinyinLines([at('abc', 90, 110, 400, 500), at('def', 200, 220, 400, 500), ...sheet.slice(2, 3)]),
    ).toEqual([]);
  });

  it("rates a pass by how sure it was of the lines in the set's script", () => {
    const read = [
      at('mei li', 0, 10, 0, 10, 95),
      at('1 美丽', 20, 40, 0, 10, 40),
      at('2 认真', 50, 70, 0, 10, 60),
    ];
    expect(scriptConfidence(read, 'Chinese')).toBe(50);
    expect(scriptConfidence(read, 'English')).toBe(95);
    expect(scriptConfidence([], 'Chinese')).toBe(0);
  });
});
