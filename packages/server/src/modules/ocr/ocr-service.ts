import {
  cleanWordEntries,
  LANGUAGES,
  numberingGap,
  OCR_LOW_CONFIDENCE,
  understandList,
  type ListEmptyReason,
  type Language,
  type OcrEmptyReason,
  type OcrLine as FoundLine,
} from '@spellwell/shared';
import { linesOfPhrases, type PhraseBand } from './cell-grid.js';
import { ChineseReader } from './chinese-reader.js';
import { detectThenRead } from './detect-then-read.js';
import { splitAtGaps } from './line-parts.js';
import { BudgetSpent, CpuBudget } from './pipeline/budget.js';
import { ModelSessions } from './pipeline/onnx-models.js';
import type { Pixels } from './pipeline/detect-text.js';
import { readDetectedLines, readStacked } from './pipeline/read-lines.js';
import { confirmedByTesseract } from './pipeline/second-opinion.js';
import { BUDGET, CHOOSE, REVIEW, SKIP } from './pipeline/thresholds.js';
import {
  decodeUpright,
  flattenUpright,
  rescaleImage,
  unturn,
  type PreparedImage,
  type UprightPhoto,
} from './prepare-image.js';
import { noLap, type Lap } from './stopwatch.js';
import { readTable } from './table-columns.js';
import { WorkerLane, type LaneOptions, type OcrLine } from './worker-lane.js';

export interface ScanResult {
  /** The entries found, cleaned for a word list, in order. */
  words: string[];
  /** The same entries, each with its confidence and where on the photo it was read. */
  lines: FoundLine[];
  /** Why nothing was found, when that can be told. */
  emptyReason?: OcrEmptyReason;
}

/**
 * Both readings of a scan before one is chosen, for the benches that measure the choice and the
 * review's marks on the tuning split (bench/scan-confidence.ts). `least` is, for each of the
 * detector reading's entries, its line's least sure character (recognise.ts).
 */
export interface Readings {
  byPage: ScanResult;
  byLines: ScanResult & { least: readonly number[] };
  chosen: 'page' | 'lines';
  /** The page reader was not run: the detector's reading was sure enough alone (`SKIP`). */
  skipped?: boolean;
  /** The page reader was stopped: it spent its budget (`BUDGET`), and the detector's reading answered. */
  budgetSpent?: boolean;
  /** The page reader was not run: Tesseract read the entries' lines the same (`SECOND_OPINION`). */
  confirmed?: boolean;
}

export interface OcrService {
  /** An uploaded image to the words on it, one entry each, cleaned for a word list. */
  scan(
    language: Language,
    image: Buffer,
    lap?: Lap,
    observe?: (readings: Readings) => void,
  ): Promise<ScanResult>;
  /** Languages whose worker is running now. */
  runningLanguages(): Language[];
  close(): Promise<void>;
}

export const OCR_DEFAULTS: LaneOptions = {
  timeoutMs: 30_000,
  idleMs: 3 * 60_000,
  maxWaiting: 4,
};

/**
 * Lines Tesseract itself doubts this much are the page edge, the desk or a shadow, not
 * print: measured on photo-like sheets, such lines scored 0 to 38 and list entries 68 to 96.
 */
const MIN_LINE_CONFIDENCE = 45;
/**
 * Words this doubtful at either end of a line are what is left of a rule, a dotted line or a
 * grid cell ("necessary ..... ee"); they are cut off before the line is judged.
 */
const MIN_EDGE_WORD_CONFIDENCE = 40;
/** Above this share of the ink in rules and boxes, an empty page is "mostly a grid". */
const GRID_PAGE = 0.5;

/**
 * A doubtful line without the doubtful words at its ends, its confidence that of the words
 * kept. A trusted line is left whole: Tesseract can doubt a real word at its start.
 */
export function trimLine(line: OcrLine): OcrLine {
  if (line.confidence >= MIN_LINE_CONFIDENCE) return line;
  let from = 0;
  let to = line.words.length;
  while (from < to && line.words[from]!.confidence < MIN_EDGE_WORD_CONFIDENCE) from++;
  while (to > from && line.words[to - 1]!.confidence < MIN_EDGE_WORD_CONFIDENCE) to--;
  if (from === 0 && to === line.words.length) return line;
  const words = line.words.slice(from, to);
  if (words.length === 0) return { ...line, text: '', confidence: 0, words };
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  return { ...line, text: words.map((w) => w.text).join(' '), confidence, words };
}

export function trustedLines(lines: readonly OcrLine[]): OcrLine[] {
  return lines.map(trimLine).filter((line) => line.confidence >= MIN_LINE_CONFIDENCE);
}

export function linesToText(lines: readonly OcrLine[]): string {
  return trustedLines(lines)
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
/**
 * The second pass's image at most: Tesseract's heap grows by about 10 bytes a pixel and
 * never shrinks (a page enlarged twice, 9.8 MP, took 100 MB), and the tuning split read as
 * well with this cap (docs/history/ocr-memory-round.md).
 */
const SECOND_PASS_MAX_PIXELS = 4_500_000;

/** Letters of each language's script: print is measured on the lines written in it. */
const SCRIPT: Record<Language, RegExp> = {
  English: /\p{Script=Latin}/u,
  Malay: /\p{Script=Latin}/u,
  Chinese: /\p{Script=Han}/u,
  Tamil: /\p{Script=Tamil}/u,
};

/**
 * The print is measured on the trusted lines in the set's language (pinyin above Chinese is
 * half its size and would have the page enlarged), or on all trusted lines if none are.
 */
export function rescaleFactor(lines: readonly OcrLine[], language?: Language): number | undefined {
  const trusted = lines.filter((line) => line.confidence >= MIN_LINE_CONFIDENCE);
  const own = language ? trusted.filter((line) => SCRIPT[language].test(line.text)) : [];
  const heights = (own.length > 0 ? own : trusted).map((line) => line.rowHeight).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  if (median === undefined || (median >= ROW_HEIGHT.min && median <= ROW_HEIGHT.max)) return undefined;
  return Math.min(RESCALE_AT_MOST, ROW_HEIGHT.target / median);
}

const scaleBox = (box: OcrLine['box'], factor: number) => ({
  x0: box.x0 * factor,
  y0: box.y0 * factor,
  x1: box.x1 * factor,
  y1: box.y1 * factor,
});

/** Two lines share a row when they overlap by half the shorter one's height. */
function sameRow(a: OcrLine['box'], b: OcrLine['box']): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/**
 * The second pass, at the better size, is kept; a row it did not read with confidence is
 * taken from the first pass (moved to the second pass's scale) when that read it. Tesseract's
 * Chinese is erratic at some sizes: on a clean 田字格 sheet each size read a different
 * phrase too doubtfully to keep (太阳 at 30% after 61% at the first size).
 */
export function fillGaps(second: readonly OcrLine[], first: readonly OcrLine[], factor: number): OcrLine[] {
  const moved = first.map((line) => ({
    ...line,
    rowHeight: line.rowHeight * factor,
    box: scaleBox(line.box, factor),
    words: line.words.map((word) => ({ ...word, box: scaleBox(word.box, factor) })),
  }));
  const missing = moved.filter((line) => !second.some((kept) => sameRow(kept.box, line.box)));
  return [...second, ...missing].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
}

/** Mean confidence of the lines written in the set's script: how well a pass read the words. */
export function scriptConfidence(lines: readonly OcrLine[], language: Language): number {
  const own = lines.filter((line) => SCRIPT[language].test(line.text));
  return own.length === 0 ? 0 : own.reduce((sum, line) => sum + line.confidence, 0) / own.length;
}

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /\p{Script=Latin}{2}/u;

/**
 * Hanyu pinyin printed above Chinese (a 听写 list, a 田字格 sheet): lines in Latin letters
 * without a Chinese character, each directly above a Chinese line that it overlaps across.
 * Read with the page, they sat between its rows of characters and Tesseract's reading of the
 * characters was erratic (on the 田字格 sheet each size read a different 7 of 10 phrases);
 * painted out, the same sizes read 9 and 10 of 10. At least two such lines are needed, so a
 * single English word on a Chinese sheet is not taken for pinyin.
 */
export function pinyinLines(lines: readonly OcrLine[]): OcrLine[] {
  const han = lines.filter((line) => HAN.test(line.text));
  const found = lines.filter((line) => {
    if (HAN.test(line.text) || !LATIN_WORD.test(line.text)) return false;
    const height = line.box.y1 - line.box.y0;
    return han.some(
      (below) =>
        below.box.y0 >= line.box.y0 + height / 2 &&
        below.box.y0 <= line.box.y1 + 1.5 * height &&
        Math.min(below.box.x1, line.box.x1) > Math.max(below.box.x0, line.box.x0),
    );
  });
  return found.length >= 2 ? found : [];
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** Where a point of the image read is on the photo as the parent sees it, as shares of its size. */
type ToPhoto = (x: number, y: number) => { x: number; y: number };

/** A line's box on the read image to a box on the photo, as shares of its size. */
function photoBox(toPhoto: ToPhoto, line: OcrLine): FoundLine['box'] {
  const { x0, y0, x1, y1 } = line.box;
  const corners = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => toPhoto(x!, y!));
  const xs = corners.map((c) => clamp(c.x));
  const ys = corners.map((c) => clamp(c.y));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Why a scan found no entries, when that can be told (most telling first). */
export function emptyReason(
  prepared: Pick<PreparedImage, 'page'>,
  read: readonly OcrLine[],
  listReason: ListEmptyReason | undefined,
): OcrEmptyReason {
  if (prepared.page.gridShare > GRID_PAGE) return 'mostly_grid';
  if (listReason === 'wrong-language') return 'wrong_language';
  // Lines were read, and the list stage found no list among them (a story, a chat without one).
  if (listReason === 'no-list') return 'no_list';
  const confident = read.filter(
    (line) => line.confidence >= MIN_LINE_CONFIDENCE && /\p{L}{2}/u.test(line.text),
  );
  if (confident.length >= 2 && cleanWordEntries(confident.map((l) => l.text)).length > 0)
    return 'wrong_language';
  if (read.length === 0 && !prepared.page.pageFound) return 'no_page';
  return 'no_text';
}

/** Before the page is looked for: an empty answer says only what the list stage and the lines say. */
const NO_PAGE_YET: Pick<PreparedImage, 'page'> = {
  page: { pageFound: true, gridShare: 0, columnRules: [], toPhoto: (x, y) => ({ x, y }) },
};

/** The flat page read at `scale` to the photo. */
const fromPage =
  (prepared: PreparedImage, scale: number): ToPhoto =>
  (x, y) =>
    prepared.page.toPhoto(x / scale, y / scale);

/** The upright photo (before flattening) to the photo as the parent sees it. */
const fromUpright =
  ({ rotation, grey }: UprightPhoto): ToPhoto =>
  (x, y) =>
    unturn(rotation, x / grey.width, y / grey.height);

/**
 * A reading through the list stage, with what the choice between readings needs: each entry's
 * line as read (`sources`, in the pixels of the image read), its least sure character, and
 * whether the list's numbering has a gap.
 */
type Answer = ScanResult & { least: number[]; gap: boolean; sources: OcrLine[] };

function answer(
  prepared: Pick<PreparedImage, 'page'> | undefined,
  lines: readonly OcrLine[],
  toPhoto: ToPhoto,
  language: Language,
  read: readonly OcrLine[],
): Answer {
  // The list stage (packages/shared/src/word-list): the lines with their confidence and place.
  const understood = understandList(
    lines.map((line) => ({ text: line.text, confidence: line.confidence, box: line.box })),
    language,
  );
  const found = understood.entries.map((entry) => ({
    text: entry.text,
    confidence: Math.round(lines[entry.source]!.confidence),
    box: photoBox(toPhoto, lines[entry.source]!),
    ...(entry.doubtful ? { doubtful: true } : {}),
  }));
  return {
    words: found.map((line) => line.text),
    lines: found,
    ...(found.length === 0
      ? { emptyReason: emptyReason(prepared ?? NO_PAGE_YET, read, understood.emptyReason) }
      : {}),
    least: understood.entries.map((entry) => lines[entry.source]!.least ?? 100),
    gap: numberingGap(understood.entries),
    sources: understood.entries.map((entry) => lines[entry.source]!),
  };
}

/**
 * How sure the review step says an entry of the detector's reading is, on its scale: the page
 * reader's (Tesseract's), where under `OCR_LOW_CONFIDENCE` (75) a line is marked "Check". The
 * recogniser's mean is 95 to 100 on nearly every line, right or wrong; its least sure character
 * tells them apart (bench/scan-confidence.ts): `REVIEW.leastSure` maps to 75, 100 to 100, and
 * below it falls in proportion. When the page reader read the same entry, the lower of the two
 * is shown: one reader hesitating is worth a parent's glance.
 */
export function reviewConfidence(least: number, text: string, page: ScanResult): number {
  const cut = REVIEW.leastSure;
  const own =
    least >= cut
      ? OCR_LOW_CONFIDENCE + ((100 - OCR_LOW_CONFIDENCE) * (least - cut)) / (100 - cut)
      : (OCR_LOW_CONFIDENCE * least) / cut;
  const key = text.toLocaleLowerCase();
  const same = page.lines.find((line) => line.text.toLocaleLowerCase() === key);
  return Math.round(same ? Math.min(own, same.confidence) : own);
}

/**
 * The detector's reading as the review step shows it: each entry's confidence on its scale.
 * `alone`: the page reader was stopped before it could check this reading (`BUDGET`), so an
 * entry the list stage doubted, or read less surely than `CHOOSE.linesSure`, is marked "Check"
 * (under `OCR_LOW_CONFIDENCE`) whatever its least sure character.
 */
export function forReview(
  byLines: ScanResult & { least: readonly number[]; gap?: boolean; sources?: readonly OcrLine[] },
  byPage: ScanResult,
  alone = false,
): ScanResult {
  const { least, gap: _gap, sources: _sources, ...result } = byLines;
  return {
    ...result,
    lines: result.lines.map((line, i) => {
      const review = reviewConfidence(least[i]!, line.text, byPage);
      const unsure = alone && (line.doubtful === true || line.confidence < CHOOSE.linesSure);
      return { ...line, confidence: unsure ? Math.min(review, OCR_LOW_CONFIDENCE - 1) : review };
    }),
  };
}

/** Entries the list stage did not doubt, read at least `confidence` sure. */
export const sureEntries = (result: ScanResult, confidence: number): number =>
  result.lines.filter((line) => !line.doubtful && line.confidence >= confidence).length;

/**
 * Whether the detector's reading beats the page reader's: more sure entries, each on its own
 * reader's scale; on a tie at a list (a sure entry or more each), fewer entries that are not
 * sure (what a reader left over is noise the list stage could not place: a reply once the
 * chat's times were lost, a desk's specks). Otherwise the page reader's: at 0 to 0 neither
 * found a list, and the reading with more unsure entries may hold some of it (a blurred photo).
 */
export function linesWin(byLines: ScanResult, byPage: ScanResult, pageSure: number): boolean {
  const [lines, page] = [sureEntries(byLines, CHOOSE.linesSure), sureEntries(byPage, pageSure)];
  if (lines !== page) return lines > page;
  return lines > 0 && byLines.lines.length - lines < byPage.lines.length - page;
}

/**
 * The detector's reading is sure enough that the page reader need not run (`SKIP`): enough
 * entries the list stage did not doubt, each read `CHOOSE.linesSure` sure, few others, no
 * character of any entry read less surely than `SKIP.leastSure`, and no gap in the list's own
 * numbering (a line the detector lost or misread).
 */
export function sureAlone(byLines: ScanResult & { least: readonly number[]; gap: boolean }): boolean {
  return sureButFor(byLines)?.length === 0;
}

/**
 * The entries (their indexes) that keep the detector's reading from being sure alone (`SKIP`)
 * by a character under `SKIP.leastSure`, when nothing else does; undefined when something else
 * does (too few sure entries, a gap in the numbering).
 */
export function sureButFor(
  byLines: ScanResult & { least: readonly number[]; gap: boolean },
): number[] | undefined {
  const sure = sureEntries(byLines, CHOOSE.linesSure);
  if (sure < SKIP.sureEntries || sure < SKIP.sureShare * byLines.lines.length || byLines.gap)
    return undefined;
  return byLines.least.flatMap((least, i) => (least < SKIP.leastSure ? [i] : []));
}

const HAN_CHARACTER = /\p{Script=Han}/gu;

/**
 * The phrases of a grid sheet, from its composed images (the same phrases at several sizes,
 * read-cells.ts): each phrase is taken from the reading with as many Chinese characters as it
 * has cells, the most trusted of those (or the most trusted reading at all), placed at its
 * cells on the flat page. Only phrases Tesseract trusts are kept.
 */
export function phraseLines(
  readings: readonly { lines: readonly OcrLine[]; bands: readonly PhraseBand[] }[],
  phrases: NonNullable<PreparedImage['cells']>['phrases'],
): OcrLine[] {
  const best = new Map<number, { text: string; confidence: number; fits: boolean }>();
  for (const { lines, bands } of readings)
    for (const { phrase, text, confidence } of linesOfPhrases(lines, bands)) {
      const fits = (text.match(HAN_CHARACTER)?.length ?? 0) === phrases[phrase]!.characters;
      const kept = best.get(phrase);
      if (!kept || (fits && !kept.fits) || (fits === kept.fits && confidence > kept.confidence))
        best.set(phrase, { text, confidence, fits });
    }
  return trustedLines(
    [...best.entries()]
      .sort(([a], [b]) => a - b)
      .map(([phrase, { text, confidence }]) => {
        const { box } = phrases[phrase]!;
        return { text, confidence, rowHeight: box.y1 - box.y0, box, words: [] };
      }),
  );
}

/** A grey image turned half a turn. */
function turnHalf(grey: { data: Uint8Array; width: number; height: number }) {
  const turned = new Uint8Array(grey.data.length);
  for (let i = 0, n = grey.width * grey.height; i < n; i++) turned[n - 1 - i] = grey.data[i]!;
  return { data: turned, width: grey.width, height: grey.height, channels: 1 as const };
}

/** The page reader's answer without the detector's fields. */
const page = ({ least: _least, gap: _gap, sources: _sources, ...result }: Answer): ScanResult => result;

export interface ServiceOptions extends LaneOptions {
  /**
   * Skip the page reader when the detector's reading is sure alone (`SKIP`); off only for the
   * bench that measures both readings to choose that rule (bench/scan-skip.ts).
   */
  skipPageReader: boolean;
  /** The page reader's budget in CPU-seconds (`BUDGET`); smaller only in the tests that stop it. */
  pageReaderCpuSeconds: number;
}

export function createOcrService(options: Partial<ServiceOptions> = {}): OcrService {
  const {
    skipPageReader = true,
    pageReaderCpuSeconds = BUDGET.pageReaderCpuSeconds,
    ...laneOptions
  } = options;
  const settings = { ...OCR_DEFAULTS, ...laneOptions };
  const lanes = new Map(LANGUAGES.map((language) => [language, new WorkerLane(language, settings)]));
  // One session per ONNX model (detector, direction, recognition), shared by every scan.
  const models = new ModelSessions(settings.idleMs);
  const chinese = new ChineseReader(models);
  /**
   * A language's Tesseract worker lives for the scans that use it, not between them: kept, its
   * model and heap sat beside the next scan's detector, the server's peak (docs/performance.md,
   * "Scan memory of the server"); each scan pays a worker's start instead, less than the
   * detector's arena saves. It is stopped only when no other scan is using it.
   */
  const doneWithWorker = (language: Language) => lanes.get(language)!.release();

  /**
   * A language's reading of one image at a time. Chinese is read twice: Tesseract finds the
   * lines, and its misread characters are read again (chinese-reader.ts).
   */
  const lane = (language: Language): Pick<WorkerLane, 'run'> => {
    const tesseract = lanes.get(language)!;
    if (language !== 'Chinese') return tesseract;
    return {
      run: (task, stop) =>
        tesseract.run(
          (recognize) => task(async (image) => chinese.reread(image, await recognize(image))),
          stop,
        ),
    };
  };

  /** A grid sheet read by its cells; nothing when Tesseract trusted none of its phrases. */
  async function readByCells(
    prepared: PreparedImage,
    language: Language,
    lap: Lap,
    stop?: Promise<never>,
  ): Promise<OcrLine[]> {
    const cells = prepared.cells!;
    const readings = await lane(language).run(async (recognize) => {
      lap('wait for the worker');
      const read = [];
      for (const image of cells.images) read.push({ lines: await recognize(image.png), bands: image.bands });
      return read;
    }, stop);
    lap('recognise the cells');
    const lines = phraseLines(readings, cells.phrases);
    return cleanWordEntries(
      lines.map((line) => line.text),
      language,
    ).length > 0
      ? lines
      : [];
  }

  /**
   * The page reader: the page found and flattened, a grid sheet read by its cells, or the page
   * by Tesseract (a second pass at a better size). Throws `BudgetSpent` when `budget` runs out.
   */
  async function readPage(
    photo: UprightPhoto,
    language: Language,
    lap: Lap,
    budget: CpuBudget | undefined,
    skipWithoutGrid = false,
  ): Promise<{ cells: Answer } | { byPage: Answer; prepared: PreparedImage } | { noGrid: true }> {
    // The detector's and recogniser's sessions (50 to 60 MB) go before OpenCV and Tesseract
    // need the room; starting them again costs about 0.1 s of CPU.
    await models.releaseIfIdle();
    // The worker starts on its own thread while the page is flattened on this one: on two
    // cores its start no longer adds to the scan's time (docs/performance.md, "Scan time").
    lanes.get(language)!.warm();
    // 田字格/米字格 sheets are Chinese: only there are the characters read cell by cell.
    const prepared = await flattenUpright(photo, lap, { readCells: language === 'Chinese' });
    budget?.check();
    // A grid sheet is read by its cells whatever the detector's reading (`SKIP.withoutGrid`).
    if (skipWithoutGrid && !prepared.cells && prepared.page.gridShare <= GRID_PAGE) return { noGrid: true };
    const byCells = prepared.cells ? await readByCells(prepared, language, lap, budget?.stop) : [];
    if (byCells.length > 0) return { cells: answer(prepared, byCells, fromPage(prepared, 1), language, []) };
    budget?.check();
    const { lines: read, scale } = await lane(language).run(async (recognize) => {
      lap('wait for the worker');
      const first = await recognize(prepared.png);
      lap('recognise, first pass');
      const factor = rescaleFactor(trustedLines(first), language);
      const pinyin = language === 'Chinese' ? pinyinLines(first) : [];
      if (!factor && pinyin.length === 0) return { lines: first, scale: 1 };
      const cap = Math.sqrt(SECOND_PASS_MAX_PIXELS / (prepared.width * prepared.height));
      const scale = factor === undefined ? 1 : factor > 1 ? Math.max(1, Math.min(factor, cap)) : factor;
      const rescaled = await rescaleImage(
        prepared,
        scale,
        pinyin.map((line) => line.box),
      );
      lap('rescale');
      const second = await recognize(rescaled);
      lap('recognise, second pass');
      const firstKept = trustedLines(first.filter((line) => !pinyin.includes(line)));
      // With the pinyin painted out, the two passes see different pages, and Tesseract's
      // Chinese is erratic from one to the other: the reading it trusts more in the set's
      // script is kept and the other fills its gaps. (Only then: a first pass at a poor
      // size can be confidently wrong, "1ce cream" for "ice cream".)
      if (pinyin.length > 0 && scriptConfidence(first, language) > scriptConfidence(second, language))
        return { lines: fillGaps(firstKept, trustedLines(second), 1 / scale), scale: 1 };
      return { lines: fillGaps(trustedLines(second), firstKept, scale), scale };
    }, budget?.stop);
    const lines = readTable(
      scale === 1 ? trustedLines(read) : read,
      prepared.page.columnRules.map((r) => ({ x: r.x * scale, y0: r.y0 * scale, y1: r.y1 * scale })),
      language,
    ).flatMap(splitAtGaps);
    return { byPage: answer(prepared, lines, fromPage(prepared, scale), language, read), prepared };
  }

  /**
   * Whether Tesseract reads every entry of the detector's reading the same (`SECOND_OPINION`):
   * asked when only unsure characters keep that reading from being sure alone, and then the
   * page reader need not run.
   */
  async function secondOpinionAgrees(reading: Answer, grey: Pixels, language: Language): Promise<boolean> {
    // Whichever way this goes, the detector's sessions are not used again (the page reader
    // lets them go first too): their room is Tesseract's.
    await models.releaseIfIdle();
    const entries = reading.words.map((text, i) => ({ text, line: reading.sources[i]! }));
    return lanes.get(language)!.run((recognize) => confirmedByTesseract(grey, entries, recognize));
  }

  const service: OcrService = {
    async scan(language, image, lap = noLap, observe) {
      const photo = await decodeUpright(image, lap, { models });
      const upright = { ...photo.grey, channels: 1 as const };
      /** The detector's lines read by the recogniser (pipeline/read-lines.ts), through the list stage. */
      const readLines = async () => {
        const detected = await readDetectedLines(models, upright);
        lap('read the detected lines');
        return answer(undefined, detected, fromUpright(photo), language, detected);
      };
      // Where the page reader may be skipped, the detector's lines first: about a second of
      // CPU, where the page reader takes several, and tens on a photographed screen. When they
      // are read surely enough alone (`SKIP`), the page is neither flattened nor read (Chinese:
      // read only, once the flattened page shows no grid). Nor on a photographed screen once
      // its moiré is gone, whenever its lines read an entry: the page reader spent its whole
      // budget on screens for nothing (history, round 15), and reads the screen's own chrome
      // and instructions as surely as the list (round 17).
      const screen = photo.screen === true && CHOOSE.lineReaderLanguages.includes(language);
      const beforeFlattening = skipPageReader && SKIP.languages.includes(language);
      const withoutGrid = skipPageReader && SKIP.withoutGrid.includes(language);
      const early =
        CHOOSE.lineReaderLanguages.includes(language) && (beforeFlattening || withoutGrid || screen)
          ? await readLines()
          : undefined;
      const none: ScanResult = { words: [], lines: [] };
      const skipped = (byLines: Answer, confirmed = false) => {
        observe?.({
          byPage: none,
          byLines,
          chosen: 'lines',
          skipped: true,
          ...(confirmed ? { confirmed } : {}),
        });
        return forReview(byLines, none, !confirmed && !sureAlone(byLines));
      };
      if (
        early &&
        ((beforeFlattening && sureAlone(early)) || (skipPageReader && screen && early.lines.length > 0))
      )
        return skipped(early);
      // Sure alone but for unsure characters: Tesseract reads the lines (`SECOND_OPINION`).
      if (early && beforeFlattening && sureButFor(early)?.length) {
        const agrees = await secondOpinionAgrees(early, upright, language);
        lap('second opinion');
        if (agrees) return skipped(early, true);
      }
      // Where the detector's reading can answer, the page reader has a budget (`BUDGET`):
      // spent, it is stopped and the detector's reading answers, its unsure entries marked.
      const budget = CHOOSE.lineReaderLanguages.includes(language)
        ? new CpuBudget(pageReaderCpuSeconds)
        : undefined;
      let byPage: Answer;
      let prepared: PreparedImage;
      try {
        const skipWithoutGrid = early !== undefined && withoutGrid && sureAlone(early);
        const read = await readPage(photo, language, lap, budget, skipWithoutGrid);
        if ('noGrid' in read) return skipped(early!);
        if ('cells' in read) return page(read.cells);
        ({ byPage, prepared } = read);
      } catch (err) {
        if (!(err instanceof BudgetSpent)) throw err;
        lap('page reader stopped: budget spent');
        const byLines = early ?? (await readLines());
        observe?.({ byPage: none, byLines, chosen: 'lines', skipped: true, budgetSpent: true });
        return forReview(byLines, none, true);
      } finally {
        budget?.close();
        // Not beside the detector's runs below (Tamil's lines start a worker of their own).
        await doneWithWorker(language);
      }
      if (CHOOSE.tesseractLineLanguages.includes(language)) {
        // No recognition model reads this script: the detector's lines are read by Tesseract,
        // stacked one under another, and the two readings are on one scale.
        // The direction classifier was trained on Chinese and Latin print, and can leave a
        // Tamil page upside down: the lines are read both ways up, and the surer kept.
        const turned = turnHalf(upright);
        const [detected, detectedTurned] = await detectThenRead(
          [upright, turned],
          (grey, read) => readDetectedLines(models, grey, read),
          (readHeld) =>
            lane(language).run((recognize) =>
              readHeld(readStacked(async (png) => trustedLines(await recognize(png)))),
            ),
        );
        lap('read the detected lines');
        const asRead = answer(prepared, detected, fromUpright(photo), language, detected);
        const { width, height } = upright;
        const fromTurned: ToPhoto = (x, y) => fromUpright(photo)(width - x, height - y);
        const asTurned = answer(prepared, detectedTurned, fromTurned, language, detectedTurned);
        const byLines =
          sureEntries(asTurned, CHOOSE.pageSure) > sureEntries(asRead, CHOOSE.pageSure) ? asTurned : asRead;
        // One reader, one scale: the surer reading wins, unless it found fewer entries in all
        // (the lines it lost are entries the page reader read less surely, not noise).
        const chosen =
          sureEntries(byLines, CHOOSE.pageSure) > sureEntries(byPage, CHOOSE.pageSure) &&
          byLines.lines.length >= byPage.lines.length
            ? 'lines'
            : 'page';
        observe?.({ byPage, byLines, chosen });
        return page(chosen === 'lines' ? byLines : byPage);
      }
      if (!CHOOSE.lineReaderLanguages.includes(language)) return page(byPage);
      // An empty reading of the lines is never chosen (it has no sure entry): the page's
      // reasons for an empty answer are the page reader's.
      const byLines = early ?? (await readLines());
      const pageSure = language === 'Chinese' ? CHOOSE.pageSureChinese : CHOOSE.pageSure;
      const chosen = linesWin(byLines, byPage, pageSure) ? 'lines' : 'page';
      observe?.({ byPage, byLines, chosen });
      return chosen === 'lines' ? forReview(byLines, byPage) : page(byPage);
    },
    runningLanguages: () => LANGUAGES.filter((language) => lanes.get(language)!.running),
    async close() {
      await Promise.all([...[...lanes.values()].map((l) => l.close()), models.close()]);
    },
  };
  // Whichever way a scan ends (an answer, an error, a timeout), its worker is done with.
  const scanOnce = service.scan;
  service.scan = async (language, ...rest) => {
    try {
      return await scanOnce(language, ...rest);
    } finally {
      await doneWithWorker(language);
    }
  };
  return service;
}
