/**
 * Every number the marker decides by, in one place. The verdict thresholds were chosen on the
 * evaluation's tuning part only (bench/marking, docs/marking.md); the held-out part never.
 */
export const MARKING = {
  /** The photo is decoded to at most this longest side: a 10 px/mm page, plenty for a pencil. */
  longestSide: 2400,
  /** The QR code is first looked for at about this longest side (jsQR's time grows with area). */
  qrFirstSide: 1200,
  /**
   * How far from where it is expected a corner mark is looked for, in sheet millimetres: the
   * top-right one beside the code, the top-left one, then the bottom two (the code's small
   * corners foretell the far ones least well).
   */
  markSearchMm: [15, 30, 45] as const,
  /** A corner mark's dark area against a 7 mm square's, lowest and highest. */
  markArea: [0.35, 2.6] as const,
  /** A filled square fills at least half its bounding box, even turned 45°. */
  markFill: 0.45,
  /** The marks must put the QR code's corners within this many millimetres of where it was read. */
  qrAgreementMm: 4,
  /** Boxes are cut at this many pixels a millimetre. */
  pxPerMm: 8,
  /** A pixel darker than this share of its paper's brightness is ink. */
  ink: 0.62,
  /**
   * A thin band of ink along this share of a line's cut (or of a cell's side, within
   * `cellEdgeMm` of its edge) is a printed rule or border, wiped: a word fills less than half a
   * line, and a character's strokes stay inside its cell.
   */
  ruleShare: { line: 0.5, cell: 0.8 },
  cellEdgeMm: 1.5,
  /**
   * What the recogniser sees is stretched: the ink's darkest tenth to black (never darker than
   * this level needs), brighter than `paperWhite` of the paper to white.
   */
  darkestInk: 0.45,
  paperWhite: 0.88,
  /**
   * A piece of ink on its own at most this high and at least this wide (and three times as
   * wide as high) is a dash a rule left, not part of a written word (cut-boxes.ts). More than
   * `gapMm` beyond the word's letters, any piece that high, and any long piece no thicker than
   * `strokeMm` on average (a sloped dash), is too.
   */
  dashMm: { height: 1.2, width: 2, gapMm: 3, strokeMm: 0.75 },
  /**
   * A line is also read widened by this much (its views pooled with the cut's): a narrow hand
   * leaves the recogniser barely one frame a letter, and it drops the thin ones (docs/marking.md,
   * seventh round).
   */
  lineWiden: 1.4,
  /** Less ink than this (square millimetres) is a blank box. */
  blankLineMm2: 2.5,
  blankCellMm2: 1.2,
  /** A horizontal band of ink over this share of the word's width is a line through it. */
  strikeCoverage: 0.93,
  /** Such a line may slope up to this much (rise over run), tried in this many steps each way. */
  strikeSlope: 0.08,
  strikeSlopeSteps: 8,
  /**
   * An unbroken straight run of ink (in a band this thin) along this share of the word's width
   * is a line through it, however short the word: right answers of the tuning and wide parts
   * reach 0.57 at most, lines drawn through a word 0.76 and more.
   */
  strikeRunShare: 0.65,
  strikeRunBandMm: 0.3,
  /**
   * Ink covering more than this share of a written word's own box is a scribble over it. No
   * scribble the evaluation draws reaches it (their zigzag widens the box: 0.13 to 0.41 on the
   * tuning and wide parts); at 0.42 it took narrow, bold right answers (up to 0.48) for scribbles.
   * It is for a scribble pressed hard enough to shade the word; lighter ones the margin judges.
   */
  scribbleDensity: 0.5,
  /**
   * One piece of ink holding more than this share of a word's ink, over a box at least this
   * wide, is a scribble joining the letters or a joined hand (crossed-out.ts). On the tuning and
   * wide parts the scribbles that reached the recogniser hold 0.84 and more (from 10 mm wide);
   * right answers that wide and marked correct 0.76 at most. A short word joined up (ikan,
   * 6.8 mm, 0.87) is spared by the width. Such a word is read, but only `correct.joined` marks it.
   */
  scribblePieceShare: 0.8,
  scribbleMinWidthMm: 9,
  /** A band of ink across this share of a 田字格 cell's width is a line through it. */
  cellStrikeCoverage: 0.9,
  /** Ink covering more than this share of a whole 田字格 cell is a scribble over it. */
  cellScribbleDensity: 0.5,
  /**
   * A cell in doubt is read again in a square this much larger than its character (a little
   * paper around it, as the recogniser's training lines have).
   */
  closeCropMargin: 1.15,
  /**
   * Verdicts by the log-likelihood ratio of the expected answer against the best other
   * reading (pooled over the views of check-answer.ts): above `correct`, correct; below
   * `wrong`, wrong; between them, unsure. `correct` keeps 3.5 nats (odds of 33 to 1) above the
   * highest any misspelled or blank answer of the tuning part scored (−1.5, a look-alike
   * character in grass script; −3.7 for a line), with lines struck through at a slope caught.
   * A word in one piece of ink (a joined hand, or a scribble over the word) needs `joined`:
   * scribbled words read as their word by 0.64 at most on the tuning, wide and wide2 parts,
   * joined right answers up to 4.5 (docs/marking.md, eighth round). Below it such a word is
   * unsure, never wrong: it may be crossed out.
   */
  correct: { line: 2, cell: 2, joined: 4 },
  /**
   * A line's rival that is the expected word with one letter changed into one no child writes
   * for it (child-slips.ts: g read as q, n as h) is discounted by this many nats: the expected
   * word may be e^2 less likely than such a reading, and must be e^2 likelier than every
   * child's slip (decision 028; 2 until the eighth round).
   */
  lookAlikeOdds: 4,
  wrong: { line: -2, cell: -2 },
} as const;
