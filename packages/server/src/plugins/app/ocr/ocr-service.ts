import { cleanWordList, LANGUAGES, type Language } from '@spellwell/shared';
import { prepareImage } from './prepare-image.js';
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

export function createOcrService(options: Partial<LaneOptions> = {}): OcrService {
  const settings = { ...OCR_DEFAULTS, ...options };
  const lanes = new Map(LANGUAGES.map((language) => [language, new WorkerLane(language, settings)]));
  const lane = (language: Language) => lanes.get(language)!;

  return {
    async scan(language, image) {
      const prepared = await prepareImage(image);
      const lines = await lane(language).read(prepared);
      return cleanWordList(linesToText(lines));
    },
    runningLanguages: () => LANGUAGES.filter((language) => lane(language).running),
    async close() {
      await Promise.all([...lanes.values()].map((l) => l.close()));
    },
  };
}
