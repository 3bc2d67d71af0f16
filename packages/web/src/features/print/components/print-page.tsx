import type { PrintedSheet } from '@spellwell/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PrintedSheetLoader } from '../../../components/printed-sheet/printed-sheet-loader';
import { Button } from '../../../components/ui/button';
import { AnswerKey, ChildSheet } from './sheets';
import styles from './print.module.css';

const PAPERS = { A4: 'A4', Letter: 'US Letter' } as const;
type Paper = keyof typeof PAPERS;

interface Props {
  childId: string;
  sheetId: string;
  childName: string | undefined;
  dashboardHref: string;
  /** The absolute URL of the grading sheet, for the QR code. */
  gradeUrl: string;
  /** More for the answer key's foot, once the sheet is known (the list's share code, issue 37). */
  keyFooter?: ((sheet: PrintedSheet) => ReactNode) | undefined;
}

/** /print/{childId}/{sheetId}: the child's sheet, then the key on its own page; "Print". */
export function PrintPage({ childId, sheetId, childName, dashboardHref, gradeUrl, keyFooter }: Props) {
  return (
    <PrintedSheetLoader childId={childId} sheetId={sheetId} dashboardHref={dashboardHref}>
      {(sheet) => (
        <SheetToPrint
          sheet={sheet}
          childName={childName}
          dashboardHref={dashboardHref}
          gradeUrl={gradeUrl}
          keyFooter={keyFooter?.(sheet)}
        />
      )}
    </PrintedSheetLoader>
  );
}

interface SheetToPrintProps {
  sheet: PrintedSheet;
  childName: string | undefined;
  dashboardHref: string;
  gradeUrl: string;
  keyFooter?: ReactNode;
}

function SheetToPrint({ sheet, childName, dashboardHref, gradeUrl, keyFooter }: SheetToPrintProps) {
  const [paper, setPaper] = useState<Paper>('A4');
  const date = new Date(sheet.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    // The class names the paper the browser's print dialog starts with (named @page rules).
    <main className={`${styles.printable} ${paper === 'A4' ? styles.a4 : styles.letter}`}>
      <div className={styles.toolbar}>
        <h1 className={styles.toolbarTitle}>Print {sheet.title}</h1>
        <p className={styles.toolbarHelp}>
          The child&apos;s sheet comes first; the answer key, with a QR code to grade the sheet on your phone,
          prints on its own page.
        </p>
        <label className={styles.paper}>
          Paper
          <select value={paper} onChange={(e) => setPaper(e.target.value as Paper)}>
            {Object.entries(PAPERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.toolbarActions}>
          <Button onClick={() => window.print()}>Print</Button>
          {/* Issue 39: after the dictation, photograph the child's sheet on the grading page. */}
          {sheet.answerSlots ? <a href={gradeUrl}>Mark from a photo</a> : null}
          <Link to={dashboardHref}>Back to dashboard</Link>
        </div>
      </div>
      <ChildSheet sheet={sheet} childName={childName} date={date} />
      <AnswerKey sheet={sheet} childName={childName} date={date} gradeUrl={gradeUrl}>
        {keyFooter}
      </AnswerKey>
    </main>
  );
}
