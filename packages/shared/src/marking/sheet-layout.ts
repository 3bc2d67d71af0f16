/**
 * Issue 39: where everything sits on a child's sheet that a camera can mark. Pure: the print
 * page draws from it and the server's marker cuts the photo with it, so both always agree.
 * Millimetres, measured from the top-left corner of the printed block (not the paper: the
 * browser's margins differ between A4 and Letter, the corner marks travel with the block).
 */

/** The printed block: fits inside A4 and US Letter with the print page's 14 mm margins. */
export const SHEET_WIDTH_MM = 180;
export const SHEET_HEIGHT_MM = 248;
/** Filled corner squares, flush with the block's corners. */
export const CORNER_MARK_MM = 7;
/** The QR code's square (its own two-module quiet zone included), top right beside the mark. */
export const SHEET_QR = { x: 140, y: 0, size: 30 } as const;
const FIRST_ROW_Y = 40;
const ROW_HEIGHT = 17;
const LAST_ROW_BOTTOM = SHEET_HEIGHT_MM - 10;
const NUMBER_X = 4;
const BOX_LEFT = 16;
const BOX_RIGHT = SHEET_WIDTH_MM - 6;
/**
 * 田字格 side (at least 14 mm printed, DESIGN.md), and the step from one cell to the next (a
 * millimetre apart, so each cuts alone).
 */
export const CELL_MM = 14.5;
const CELL_STEP = 15.5;
/** The answer line sits this far below the row's top; the writing area is above it. */
const LINE_HEIGHT = 13;

export const CELLS_PER_ROW = Math.floor((BOX_RIGHT - BOX_LEFT + (CELL_STEP - CELL_MM)) / CELL_STEP);
export const ROWS_PER_PAGE = Math.floor((LAST_ROW_BOTTOM - FIRST_ROW_Y) / ROW_HEIGHT);

/** One printed answer: the word's id and its 田字格 cells (0: a line, for the other languages). */
export interface AnswerSlot {
  wordId: string;
  cells: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface LaidOutAnswer {
  wordId: string;
  /** 1-based, as printed beside the answer. */
  number: number;
  /** Where the number is printed (its baseline's left end). */
  numberAt: Point;
  /** A line's writing area (above the printed line), or one rect per 田字格 cell. */
  kind: 'line' | 'cells';
  boxes: Rect[];
}

export interface SheetPage {
  /** 1-based. */
  page: number;
  qrText: string;
  answers: LaidOutAnswer[];
}

/** The centres of the four corner marks: top-left, top-right, bottom-right, bottom-left. */
export function cornerMarkCentres(): [Point, Point, Point, Point] {
  const h = CORNER_MARK_MM / 2;
  return [
    { x: h, y: h },
    { x: SHEET_WIDTH_MM - h, y: h },
    { x: SHEET_WIDTH_MM - h, y: SHEET_HEIGHT_MM - h },
    { x: h, y: SHEET_HEIGHT_MM - h },
  ];
}

const QR_PREFIX = 'SW:';

/**
 * The QR code's text: short (upper-case hex fits QR's alphanumeric mode, version 2) and naming
 * the sheet and the page, never a URL to follow.
 */
export function sheetQrText(sheetId: string, page: number): string {
  return `${QR_PREFIX}${sheetId.replaceAll('-', '').toUpperCase()}:${page}`;
}

/** The sheet and page a QR code names, or null when it is not a SpellWell sheet's code. */
export function parseSheetQrText(text: string): { sheetId: string; page: number } | null {
  const match = /^SW:([0-9A-F]{32}):([1-9][0-9]{0,2})$/.exec(text.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  const sheetId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { sheetId, page: Number(match[2]) };
}

/** Rows an answer takes: one for a line, one per CELLS_PER_ROW cells. */
const rowsOf = (slot: AnswerSlot) => Math.max(1, Math.ceil(slot.cells / CELLS_PER_ROW));

/** The pages of a markable sheet, each answer whole on one page, in printed order. */
export function layOutSheet(sheetId: string, slots: readonly AnswerSlot[]): SheetPage[] {
  const pages: SheetPage[] = [];
  let page: SheetPage | undefined;
  let row = 0;
  slots.forEach((slot, index) => {
    const rows = rowsOf(slot);
    if (!page || row + rows > ROWS_PER_PAGE) {
      page = { page: pages.length + 1, qrText: sheetQrText(sheetId, pages.length + 1), answers: [] };
      pages.push(page);
      row = 0;
    }
    const top = FIRST_ROW_Y + row * ROW_HEIGHT;
    const boxes: Rect[] = [];
    if (slot.cells === 0)
      boxes.push({ x: BOX_LEFT, y: top, width: BOX_RIGHT - BOX_LEFT, height: LINE_HEIGHT });
    else
      for (let c = 0; c < slot.cells; c++)
        boxes.push({
          x: BOX_LEFT + (c % CELLS_PER_ROW) * CELL_STEP,
          y: top + Math.floor(c / CELLS_PER_ROW) * ROW_HEIGHT,
          width: CELL_MM,
          height: CELL_MM,
        });
    page.answers.push({
      wordId: slot.wordId,
      number: index + 1,
      numberAt: { x: NUMBER_X, y: top + 9 },
      kind: slot.cells === 0 ? 'line' : 'cells',
      boxes,
    });
    row += rows;
  });
  return pages;
}

/** The slots of words as printed: 田字格 cells for Chinese (one per character), a line otherwise. */
export function answerSlotsFor(
  words: readonly { id: string; wordString: string; language: string }[],
): AnswerSlot[] {
  return words.map((w) => ({
    wordId: w.id,
    cells: w.language === 'Chinese' ? [...w.wordString.replace(/\s+/g, '')].length : 0,
  }));
}
