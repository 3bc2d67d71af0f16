import { cleanWordList, LANGUAGES, type Language } from '@spellwell/shared';
import { prepareImage, rescaleImage } from './prepare-image.js';
import { WorkerLane, type LaneOptions, type OcrLine } from './worker-lane.js';

export interface OcrService {
  /** An uploaded image to the words on it, one entry each, cleaned for a word list. */
  scan(language: Language, image: Buffer): Promise<string[]>;
  /** Languages whose worker is running now. */
  runningLanguages(): Language[];
  close(): Promise<void>;
}

export const OCR_DEFAULTS: LaneOptions = { timeoutMs: 30_000, idleMs: 3 * 60_000, maxWaiting: 4 };

/**
 * Lines Tesseract itself doubts this much are the page edge, the desk or a shadow, not
 * print: measured on photo-like sheets, such lines scored 0 to 38 and list entries 68 to 96.
 */
const MIN_LINE_CONFIDENCE = 45;

export function linesToText(lines: readonly OcrLine[]): string {
  return lines
    .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
    .map((line) => line.text)
    .join('\n');
}

/**
 * Tesseract read our sheets best when rows of print were about 40 to 55 px tall (Chinese was
 * the most sensitive: it missed words at 38 and at 65). The first pass measures the print;
 * an image whose rows are far outside that range is read again at the target size.
 */
const ROW_HEIGHT = { min: 34, target: 48, max: 60 } as const;
const RESCALE_AT_MOST = 2;

export function rescaleFactor(lines: readonly OcrLine[]): number | undefined {
  const heights = lines
    .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
    .map((line) => line.rowHeight)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  if (median === undefined || (median >= ROW_HEIGHT.min && median <= ROW_HEIGHT.max)) return undefined;
  return Math.min(RESCALE_AT_MOST, ROW_HEIGHT.target / median);
}

export function createOcrService(options: Partial<LaneOptions> = {}): OcrService {
  const settings = { ...OCR_DEFAULTS, ...options };
  const lanes = new Map(LANGUAGES.map((language) => [language, new WorkerLane(language, settings)]));
  const lane = (language: Language) => lanes.get(language)!;

  return {
    async scan(language, image) {
      const prepared = await prepareImage(image);
      const lines = await lane(language).run(async (recognize) => {
        const first = await recognize(prepared.png);
        const factor = rescaleFactor(first);
        return factor ? recognize(await rescaleImage(prepared, factor)) : first;
      });
      return cleanWordList(linesToText(lines));
    },
    runningLanguages: () => LANGUAGES.filter((language) => lane(language).running),
    async close() {
      await Promise.all([...lanes.values()].map((l) => l.close()));
    },
  };
}
