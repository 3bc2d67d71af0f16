import { toToneMarks, type PrintedSheet, type PrintedWord } from '@spellwell/shared';
import type { ReactNode } from 'react';
import { QrCode } from '../../../components/ui/qr-code';
import { MarkableChildSheet } from './markable-sheet';
import styles from './print.module.css';

const LANG: Record<PrintedWord['language'], string> = {
  English: 'en',
  Chinese: 'zh',
  Malay: 'ms',
  Tamil: 'ta',
};

interface SheetProps {
  sheet: PrintedSheet;
  childName: string | undefined;
  date: string;
}

function Heading({ sheet, childName, date, kind }: SheetProps & { kind: string }) {
  return (
    // Not a <header>: the print styles hide the app's header and footer by element.
    <div className={styles.sheetHeader}>
      <h2 className={styles.sheetTitle}>
        {sheet.title} <span className={styles.kind}>· {kind}</span>
      </h2>
      <p className={styles.meta}>
        <span>Name: {childName ?? '________________'}</span>
        <span>Date: {date}</span>
      </p>
    </div>
  );
}

/** One 田字格 square per character of a Chinese phrase, for the child to write in. */
function Boxes({ word }: { word: string }) {
  return (
    <span className={styles.boxes} data-testid="tianzige-row">
      {[...word].map((_, i) => (
        <span key={i} className={styles.box} data-testid="tianzige-box" />
      ))}
    </span>
  );
}

/**
 * The child's sheet: numbered answer lines (boxes for Chinese), never the words. Sheets made
 * since issue 39 carry corner marks and a QR code so a photo of them can be marked; older ones
 * print as they always did.
 */
export function ChildSheet({ sheet, childName, date }: SheetProps) {
  if (sheet.answerSlots)
    return (
      <div className={styles.markable}>
        <MarkableChildSheet sheet={sheet} slots={sheet.answerSlots} childName={childName} date={date} />
      </div>
    );
  return (
    <section className={styles.page} aria-label="Child's sheet">
      <Heading sheet={sheet} childName={childName} date={date} kind="Spelling" />
      <ol className={styles.answers}>
        {sheet.words.map((word) => (
          <li key={word.id} className={styles.answer}>
            {word.language === 'Chinese' ? (
              <Boxes word={word.wordString} />
            ) : (
              <span className={styles.line} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The parent's answer key: the same numbering with the words, and the QR code to grade them. */
export function AnswerKey({
  sheet,
  childName,
  date,
  gradeUrl,
  children,
}: SheetProps & { gradeUrl: string; children?: ReactNode }) {
  return (
    <section className={`${styles.page} ${styles.key}`} aria-label="Answer key">
      <Heading sheet={sheet} childName={childName} date={date} kind="Answer key" />
      <ol className={styles.keyList}>
        {sheet.words.map((word) => (
          <li key={word.id} lang={LANG[word.language]}>
            {word.wordString}
            {/* The pinyin helps the parent read the word aloud; the child's sheet never has it. */}
            {word.reading ? (
              <span className={styles.reading} lang="zh-Latn-pinyin" data-testid="key-reading">
                {' '}
                ({toToneMarks(word.reading)})
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {sheet.removed.length > 0 ? (
        <p className={styles.removed}>
          Removed from the list since this sheet was printed, so left out: {sheet.removed.join(', ')}.
        </p>
      ) : null}
      <figure className={styles.qrFigure}>
        <QrCode
          className={styles.qr}
          failedClassName={styles.qrFailed}
          value={gradeUrl}
          label="QR code: grade these words on your phone"
        />
        <figcaption>
          Scan to grade these {sheet.words.length === 1 ? 'word' : `${sheet.words.length} words`} on your
          phone (signed in as you).
        </figcaption>
      </figure>
      {children}
    </section>
  );
}
