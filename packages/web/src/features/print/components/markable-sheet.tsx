import {
  CORNER_MARK_MM,
  SHEET_HEIGHT_MM,
  SHEET_QR,
  SHEET_WIDTH_MM,
  cornerMarkCentres,
  layOutSheet,
  type AnswerSlot,
  type PrintedSheet,
  type Rect,
} from '@spellwell/shared';
import type { CSSProperties } from 'react';
import { QrCode } from '../../../components/ui/qr-code';
import styles from './markable-sheet.module.css';

const mm = (rect: Rect): CSSProperties => ({
  left: `${rect.x}mm`,
  top: `${rect.y}mm`,
  width: `${rect.width}mm`,
  height: `${rect.height}mm`,
});

interface Props {
  sheet: PrintedSheet;
  slots: AnswerSlot[];
  childName: string | undefined;
  date: string;
}

/**
 * The child's sheet a camera can mark (issue 39): every element placed in millimetres by the
 * shared `layOutSheet`, which the server's marker uses to cut the photo, with four filled corner
 * marks and a QR code naming the sheet and page.
 */
export function MarkableChildSheet({ sheet, slots, childName, date }: Props) {
  const pages = layOutSheet(sheet.id, slots);
  const half = CORNER_MARK_MM / 2;
  return (
    <>
      {pages.map((page) => (
        <section
          key={page.page}
          className={styles.sheet}
          style={{ width: `${SHEET_WIDTH_MM}mm`, height: `${SHEET_HEIGHT_MM}mm` }}
          aria-label={pages.length > 1 ? `Child's sheet, page ${page.page}` : "Child's sheet"}
          data-testid="markable-sheet"
        >
          {cornerMarkCentres().map((c, i) => (
            <span
              key={i}
              className={styles.mark}
              style={mm({ x: c.x - half, y: c.y - half, width: CORNER_MARK_MM, height: CORNER_MARK_MM })}
            />
          ))}
          <div
            className={styles.qr}
            style={mm({ x: SHEET_QR.x, y: SHEET_QR.y, width: SHEET_QR.size, height: SHEET_QR.size })}
          >
            <QrCode
              value={page.qrText}
              label="QR code naming this sheet, for marking it from a photo"
              testId="child-sheet-qr"
            />
          </div>
          <div className={styles.heading}>
            <h2 className={styles.title}>
              {sheet.title} <span className={styles.kind}>· Spelling</span>
            </h2>
            <p className={styles.meta}>
              <span>Name: {childName ?? '________________'}</span>
              <span>Date: {date}</span>
            </p>
          </div>
          {page.answers.map((answer) => (
            <div
              key={answer.wordId}
              className={styles.answer}
              data-testid={answer.kind === 'cells' ? 'tianzige-row' : 'markable-answer'}
            >
              <span
                className={styles.number}
                style={{ left: `${answer.numberAt.x}mm`, top: `${answer.numberAt.y - 6}mm` }}
              >
                {answer.number}.
              </span>
              {answer.boxes.map((box, i) =>
                answer.kind === 'line' ? (
                  <span key={i} className={styles.line} style={mm(box)} />
                ) : (
                  <span key={i} className={styles.cell} style={mm(box)} data-testid="tianzige-box" />
                ),
              )}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
