import { describe, expect, it } from 'vitest';
import {
  CELLS_PER_ROW,
  ROWS_PER_PAGE,
  SHEET_HEIGHT_MM,
  SHEET_QR,
  SHEET_WIDTH_MM,
  answerSlotsFor,
  cornerMarkCentres,
  layOutSheet,
  parseSheetQrText,
  sheetQrText,
} from './sheet-layout.js';

const SHEET = '0b0e3c1a-5d4f-4e2a-9c11-7f00aa55bb66';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('sheet layout', () => {
  it('names the sheet and page in a short QR text that reads back', () => {
    const text = sheetQrText(SHEET, 2);
    expect(text).toBe('SW:0B0E3C1A5D4F4E2A9C117F00AA55BB66:2');
    expect(parseSheetQrText(text)).toEqual({ sheetId: SHEET, page: 2 });
    expect(parseSheetQrText('https://example.com')).toBeNull();
    expect(parseSheetQrText('SW:0B0E:1')).toBeNull();
  });

  it('gives Chinese words one cell per character and the others a line', () => {
    const slots = answerSlotsFor([
      { id: id(1), wordString: '苹果', language: 'Chinese' },
      { id: id(2), wordString: 'river', language: 'English' },
    ]);
    expect(slots).toEqual([
      { wordId: id(1), cells: 2 },
      { wordId: id(2), cells: 0 },
    ]);
    const [page] = layOutSheet(SHEET, slots);
    expect(page!.answers[0]!.boxes).toHaveLength(2);
    expect(page!.answers[1]!.kind).toBe('line');
  });

  it('keeps every box inside the block, clear of the marks, the QR code and each other', () => {
    const slots = Array.from({ length: 30 }, (_, i) => ({ wordId: id(i), cells: i % 3 === 0 ? 0 : i % 13 }));
    const pages = layOutSheet(SHEET, slots);
    expect(pages.flatMap((p) => p.answers.map((a) => a.wordId))).toEqual(slots.map((s) => s.wordId));
    for (const page of pages) {
      expect(page.answers.length).toBeLessThanOrEqual(ROWS_PER_PAGE);
      const boxes = page.answers.flatMap((a) => a.boxes);
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(8);
        expect(b.x + b.width).toBeLessThanOrEqual(SHEET_WIDTH_MM - 5);
        expect(b.y).toBeGreaterThanOrEqual(SHEET_QR.y + SHEET_QR.size);
        expect(b.y + b.height).toBeLessThanOrEqual(SHEET_HEIGHT_MM - 8);
      }
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(
            a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
          ).toBe(true);
    }
  });

  it('wraps a long Chinese phrase onto further rows and puts the marks at the corners', () => {
    const [page] = layOutSheet(SHEET, [{ wordId: id(1), cells: CELLS_PER_ROW + 2 }]);
    const ys = new Set(page!.answers[0]!.boxes.map((b) => b.y));
    expect(ys.size).toBe(2);
    const [tl, tr, br, bl] = cornerMarkCentres();
    expect(tl!.x).toBeLessThan(10);
    expect(tr!.x).toBeGreaterThan(SHEET_WIDTH_MM - 10);
    expect(br!.y).toBeGreaterThan(SHEET_HEIGHT_MM - 10);
    expect(bl!.y).toBe(br!.y);
  });
});
