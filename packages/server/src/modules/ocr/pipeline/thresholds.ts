/**
 * Every number the scan pipeline decides by, in one place, each with why it is what it is.
 * Figures behind them are in docs/ocr.md ("Thresholds").
 */

/** The learned text detector (PaddleOCR's DB model, detect-text.ts). */
export const DETECT = {
  /**
   * The detector sees the page brought down to this longest side. Text rows on a phone photo
   * of a sheet stay several pixels tall there, and the model's time grows with its area.
   */
  longestSide: 960,
  /** The model works on sides that are multiples of 32 (its five downsamplings). */
  stride: 32,
  /** A pixel whose text probability is above this is text (PaddleOCR's default binarisation). */
  binarise: 0.3,
  /** A region whose mean probability is under this is noise (PaddleOCR's default box score). */
  boxScore: 0.6,
  /**
   * The model is trained to find a shrunk kernel of each line; the box is grown back by
   * area × this / perimeter on each side (PaddleOCR's default unclip ratio).
   */
  unclip: 1.5,
  /** Regions shorter than this many detector pixels are specks. */
  minSide: 3,
} as const;

/** Turning the page upright (orient.ts). */
export const ORIENT = {
  /** Orientation is decided on a copy this long: only text lines' shapes and a few crops are needed. */
  longestSide: 960,
  /** A text line's box is "long" (its text runs along it) when one side is this many times the other. */
  longBox: 2,
  /** The page is on its side when this share of long boxes' length runs up and down. */
  sideways: 0.6,
  /** Crops read by the direction classifier: the longest lines, enough to outvote a misjudged few. */
  crops: 12,
  /**
   * The classifier's mean vote within this of one half is unsure: the recogniser reads the
   * longest lines both ways up instead (a Chinese grid sheet's rows of cells voted 0.46 to 0.52).
   */
  unsure: 0.15,
  /** Lines the recogniser reads both ways up when the classifier is unsure. */
  reread: 4,
  /** The direction classifier's input (its training size): 48 px tall, up to 192 wide. */
  cropHeight: 48,
  cropWidth: 192,
} as const;

/** Reading a line with PaddleOCR's recognition model (recognise.ts). */
export const READ = {
  /** The model's input height (its training size); widths follow each line's shape. */
  modelHeight: 48,
  /**
   * A box longer than this many heights is a sentence (an instruction, a chat message), not an
   * entry of a list: it keeps Tesseract's reading, and the model's time and memory grow with width.
   */
  longestLine: 24,
} as const;

/** Cutting a detected line out of the page, level (line-strips.ts). */
export const STRIPS = {
  /** A region this many times as long as thick is a line with a direction; shorter is kept level… */
  directedLength: 3,
  /**
   * …unless it is at least this many times as long as thick and tilts so far that its level box
   * is `tallCut` times its thickness or more: a curled page's short words (2.2 to 2.9 times as
   * long as thick once grown by the detector's margin, tilted 17° to 29°), which cut level fill
   * a strip too tall for them ("&ve"). A short region's measured angle is noisy (Chinese words on
   * a page turned 5° measured −9° to +12°, boxes up to 1.55 times their thickness): not below.
   */
  shortLine: 2,
  tallCut: 1.6,
  /**
   * Lines of a page turned upright tilt less than this (radians, 35°); more is a misjudged
   * region. A curled page's lower lines tilt 25–30° (round 25; was 25°).
   */
  maxTilt: 0.61,
  /** Samples per output pixel along each side when a line is brought down (moiré is averaged). */
  maxTaps: 4,
  /** A short region takes the median direction of this many nearest directed lines (turnByNeighbours)… */
  neighbours: 3,
  /** …within this many of its own thicknesses (centre to centre): its row, the rows above and below. */
  neighbourReach: 8,
  /** Only a region at least this many times as long as tall is turned: a word, not a number cell. */
  minTurnLength: 1.5,
  /** Turned only when they tilt at least this much (radians, 3°): level is as good below it. */
  minTurn: 0.05,
  /** Not turned when the turned rectangle would be thinner than this share of its box: a region
   *  as tall as wide (a digit, a character) has no room for a tilted line. */
  minTurnedShare: 0.4,
  /** A row of a strip is the line's ink when it holds at least this share of the inkiest row's (tightenFrame). */
  inkRowShare: 0.03,
  /** A pixel of the evened strip darker than this is ink for the band: a dim photo's speckle is greyer. */
  inkLevel: 80,
  /** The paper's speckle is the ink of the row at this share of the rows, from the emptiest. */
  paperRows: 0.2,
  /** Room kept above and below the ink band, a share of the band each side: accents, descenders. */
  inkMargin: 0.25,
  /** A strip is narrowed to its ink only when the band with its margins fills less than this share. */
  tightenBelow: 0.75,
  /** Only a region at least this many thicknesses long is narrowed: a sentence, not a word. */
  tightenLength: 6,
  /**
   * The ink of a strip is judged by this share of its darkest and of its brightest pixels: the
   * side farther from the paper (the middle pixel) is the ink's; brighter is a dark-mode
   * screen's line, turned over before its band is measured, as the page reader does.
   */
  inkShare: 0.02,
} as const;

/**
 * A long line of small print read again cut wider (read-lines.ts, `rereadWide`): a region of
 * small print is boxed two or three times as thick as its letters, so at the model's height
 * each letter gets about one CTC step of the model's eight pixels and the reading falls apart
 * ("Q5drlaetagda." for "Q5. durian: Kami belajar tentang durian hari ini.").
 */
export const REREAD_WIDE = {
  /** A reading whose least sure character is under this is worth a second look (`REVIEW.leastSure`). */
  unsure: 60,
  /** Only a line at least this many thicknesses long: a sentence's letters run short of steps, a word's do not. */
  minLength: 6,
  /** Cut this many times as wide as tall: two steps a letter where there was one. */
  stretch: 2,
} as const;

/** Evening a line strip's light before the recogniser reads it (even-light.ts). */
export const EVEN_LIGHT = {
  /**
   * The brightness around a pixel is a blur this many strip heights wide on each side: about
   * a letter's width, so a line's glare and shading are followed from letter to letter.
   */
  blurRadius: 0.2,
  /** Three box passes are close to a Gaussian blur. */
  blurPasses: 3,
  /** The evened strip is stretched to black from this share of its darkest pixels. */
  stretch: 0.01,
  /** Under this between dark and bright (a share of the local brightness), there is no ink to stretch. */
  minContrast: 0.08,
} as const;

/** Removing a photographed screen's moiré before its lines are found (de-moire.ts). */
export const DE_MOIRE = {
  /** Tiles of this side (a power of two): the moiré's period changes across a slanted screen. */
  tile: 128,
  /** Spatial frequencies under this (cycles a pixel: periods over 25 px) are shading and rows, never touched. */
  minFrequency: 0.04,
  /** A bin's level is its log-magnitude averaged this many bins on each side (a window spreads a period over three). */
  peakRadius: 1,
  /** The level around a bin: its log-magnitude averaged this many bins on each side. */
  aroundRadius: 4,
  /**
   * Removing: a bin this far above the level around it (natural log: 3.3 times the magnitude)
   * is part of the pattern. Lower left a screen's weaker beats in the strips; print has no peaks
   * this sharp in a tile.
   */
  peakLevel: 1.2,
  /**
   * Testing: only peaks this far above their surroundings (20 times the magnitude) count. Paper
   * has them too, weaker: a table's rules, a JPEG's 8-pixel blocks, a woven cloth.
   */
  testLevel: 3,
  /** The moiré test looks at up to this many tiles across and down. */
  sampleTiles: 6,
  /**
   * A photo with at least this share of its fine detail in such peaks shows a screen. Tuning
   * split and first fixtures: screens 0.13 to 0.79, everything else at most 0.08.
   */
  minShare: 0.1,
} as const;

/** Putting back the spaces the recogniser drops between words (word-gaps.ts). */
export const WORD_GAPS = {
  /**
   * A run of blank columns this many strip heights wide is a space between words: wider than
   * the gap between two letters or two characters of a word, or inside one character (川).
   */
  minWidth: 0.3,
  /**
   * A blank run this many line heights wide inside one detected region parts what the page set
   * apart: an inline list's words, measured at 0.98 and 1.00 on a laptop screen photographed
   * (tuning-n en-laptop-screen-05), where a sentence's spaces stay under `minWidth`.
   */
  wideWidth: 0.6,
  /** A pixel of the evened strip darker than this is ink (half-way between black and paper). */
  inkLevel: 128,
  /** The strip's top and bottom share not looked at: a neighbouring line's descenders and accents. */
  margin: 0.2,
} as const;

/** Answer blanks between two parts of a row (answer-blanks.ts). */
export const ANSWER_BLANKS = {
  /** A gap shorter than this many row thicknesses is a space between words, not a blank to write in. */
  minLength: 1,
  /** Farther than this many thicknesses, the next part is another column, not the row's end. */
  maxLength: 12,
  /** A pixel darker than this share of the gap's brightest is ink. */
  inkShare: 0.6,
  /** A row of the gap's upper half with less than this share of ink holds no letters. */
  clear: 0.1,
  /** A row of the lower half with at least this share of ink is the rule to write on. */
  rule: 0.8,
  /** What the blank is read as: what the list stage looks for (prose.ts, `isFillIn`). */
  text: '____',
} as const;

/** Reading the detector's lines (read-lines.ts), where the page reader read little. */
export const READ_LINES = {
  /**
   * The detector sees the upright page at this longest side: larger than for turning, as the
   * rows of a screen photographed from afar or of a chat are only a few pixels tall at 960.
   */
  longestSide: 960,
  /** Lines longer than this many heights are cut there: a chat message's line, not a page's width of noise. */
  longestLine: 80,
  /** Boxes on one row closer than this many row heights are one line ("1." and its word). */
  joinGap: 1.5,
  /** A list number alone at a row's start joins the row's first part this far away (a table's number cell). */
  markerGap: 5,
  /**
   * A row of at least this many parts, each one word, is an inline list, not a phrase: two
   * could be one entry of two words boxed apart ("ice cream").
   */
  inlineWords: 3,
  /** Rows of white between strips stacked for Tesseract (Tamil): half a strip, so lines stay apart. */
  stackGap: 24,
} as const;

/**
 * Choosing between the page reader (Tesseract on the flattened page) and the detector's lines
 * read by the recognition model (ocr-service.ts): the reading with more entries the list stage
 * did not doubt, each read at least this sure by its own reader, is kept; a tie at a list goes to
 * the one with fewer entries left unsure (round 24), else to the page reader's. The two readers'
 * confidences are on different scales: PaddleOCR's recogniser gives
 * 95 to 100 to print it reads right, Tesseract 70 to 96 (75 is where the review step starts
 * asking). Chosen on the tuning split.
 */
export const CHOOSE = {
  pageSure: 75,
  /** Chinese on the page was read again by the same recogniser (chinese-reader.ts): its scale. */
  pageSureChinese: 90,
  linesSure: 90,
  /** The recognition model reads Chinese and Latin letters; Tamil is read by Tesseract alone. */
  lineReaderLanguages: ['English', 'Malay', 'Chinese'] as readonly string[],
  /**
   * Scripts the recognition model has not: the detector's lines are read by Tesseract, stacked
   * one under another, and chosen by the page reader's sureness (one reader, one scale).
   */
  tesseractLineLanguages: ['Tamil'] as readonly string[],
} as const;

/**
 * How sure the review step says the detector's reading is (ocr-service.ts, reviewConfidence).
 * The recogniser's mean probability is 95 to 100 on nearly every entry, right or wrong; the
 * probability of its least sure character separates them. Chosen on the tuning split with
 * bench/scan-confidence.ts (docs/ocr.md, "Thresholds").
 */
export const REVIEW = {
  /**
   * A least sure character under this is marked "Check" (shown under 75). On the tuning split
   * (362 entries of the detector's reading, 42 wrong) it marks 20 of the wrong and 61 of the
   * right; at 50, 10 and 18; at 80, 29 and 123. Half the wrong ones are caught for a fifth of
   * the right ones; the rest of the wrong are chat names and headers, read right but not words.
   */
  leastSure: 60,
} as const;

/**
 * When the detector's reading is sure enough alone, the page reader (flattening and Tesseract,
 * several CPU-seconds, tens on a photographed screen) is not run (ocr-service.ts, `sureAlone`).
 * Chosen on the tuning split and the first fixtures with bench/scan-skip.ts (docs/ocr.md).
 */
export const SKIP = {
  /** Languages where the page reader may be skipped before the page is flattened. */
  languages: ['English', 'Malay'] as readonly string[],
  /**
   * Languages where it may be skipped once the flattened page shows no grid. On the first
   * fixtures' grid sheets the recogniser read look-alike characters surely and wrong
   * ("守株待免", "向口葵") and lost cells, which the page reader's cell path read right (four of
   * the 14 fell under their targets). On pages with no grid, the first fixtures and the tuning
   * split, the detector's reading sure alone was never worse than the page reader's (21 photos,
   * bench/scan-skip.ts). Tesseract is no second opinion here: it misread one of the 12 words
   * of a clean 12 MP photo its own page pass read right.
   */
  withoutGrid: ['Chinese'] as readonly string[],
  /** At least this many entries the list stage did not doubt, each `CHOOSE.linesSure` sure. */
  sureEntries: 4,
  /** And this share of all its entries: a reading with doubtful or unsure lines is checked. */
  sureShare: 0.9,
  /**
   * And no entry's least sure character under this: on the first fixtures and the tuning split
   * the detector's wrong entries that the page reader read right ("dlifferent", a laptop
   * screen's "naughty-badly behaved") had one at 40 to 52, right entries mostly 50 or more.
   */
  leastSure: 50,
} as const;

/**
 * A second opinion instead of the page reader (pipeline/second-opinion.ts): a detector's
 * reading that would be sure alone (`SKIP`) but for characters under `SKIP.leastSure` has all
 * its entries' lines read by Tesseract; when Tesseract reads every entry the same, the page
 * reader is skipped. All entries, not only the unsure ones: on the tuning split the wrong entry
 * of such readings ("cerain", "diffcult") had its least sure character at 62 and 79.
 */
export const SECOND_OPINION = {
  /**
   * White cut around each line, fractions of its height: across, room for the letters at the
   * ends; down, less, or the neighbouring lines' letters come into the cut.
   */
  margin: { across: 0.5, down: 0.2 },
} as const;

/**
 * A bound on what one scan may cost (ocr-service.ts, pipeline/budget.ts). The page reader
 * (flattening, Tesseract's passes) took 29 to 65 CPU-seconds on a photographed screen and read
 * nothing there; where the detector's reading is there to answer with, the page reader is
 * stopped once it has spent this much, and the detector's reading is the answer, its unsure
 * entries marked for review. Chosen on the tuning split (docs/ocr.md, "Thresholds").
 */
export const BUDGET = {
  /**
   * CPU-seconds of the whole process (all threads, Tesseract's included) from the page
   * reader's start. On a server reading two scans at once it counts both: it stops early,
   * never late.
   */
  pageReaderCpuSeconds: 15,
  /** How often the spend is looked at while Tesseract reads (ms): its thread cannot be asked. */
  pollMs: 200,
} as const;
