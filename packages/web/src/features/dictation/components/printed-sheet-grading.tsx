import type { PrintedSheet } from '@spellwell/shared';
import { Link } from 'react-router';
import { PrintedSheetLoader } from '../../../components/printed-sheet/printed-sheet-loader';
import { Alert } from '../../../components/ui/alert';
import type { DictationServices } from '../services';
import { GradingSheet } from './grading-sheet';
import styles from './dictation.module.css';

interface Props {
  childId: string;
  sheetId: string;
  childName: string | undefined;
  dashboardHref: string;
  services: Pick<DictationServices, 'gradeWord' | 'newIdempotencyKey'>;
}

/** /grade/{childId}/{sheetId}: what the QR code on a printed answer key opens. */
export function PrintedSheetGrading({ childId, sheetId, childName, dashboardHref, services }: Props) {
  return (
    <PrintedSheetLoader childId={childId} sheetId={sheetId} dashboardHref={dashboardHref}>
      {(sheet) => (
        <SheetGrading
          sheet={sheet}
          childId={childId}
          sheetId={sheetId}
          childName={childName}
          dashboardHref={dashboardHref}
          services={services}
        />
      )}
    </PrintedSheetLoader>
  );
}

function SheetGrading({
  sheet,
  childId,
  sheetId,
  childName,
  dashboardHref,
  services,
}: Props & { sheet: PrintedSheet }) {
  const { words, removed, title } = sheet;
  const note =
    removed.length > 0 ? (
      <Alert tone="info">
        {removed.length === 1 ? '1 word was' : `${removed.length} words were`} removed from the list since
        this sheet was printed, so {removed.length === 1 ? 'it is' : 'they are'} left out:{' '}
        {removed.join(', ')}.
      </Alert>
    ) : null;
  return (
    <main className={styles.page}>
      <p className={styles.kicker}>{childName ? `${childName} · ${title}` : title}</p>
      {words.length === 0 ? (
        <div className={styles.state}>
          {note}
          <p>Every word of this sheet has been removed from its list: there is nothing left to grade.</p>
          <Link to={dashboardHref}>Back to dashboard</Link>
        </div>
      ) : (
        <GradingSheet
          childId={childId}
          sheetKey={`printed:${sheetId}`}
          words={words}
          services={services}
          note={note}
          photo={sheet.answerSlots ? { sheetId } : undefined}
          done={
            <div className={styles.state} role="status">
              <h1>Grades saved</h1>
              <p>Every word has its grade, and its next practice day is set.</p>
              <Link to={dashboardHref}>Back to dashboard</Link>
            </div>
          }
        />
      )}
    </main>
  );
}
