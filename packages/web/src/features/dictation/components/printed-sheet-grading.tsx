import { Link } from 'react-router';
import { usePrintedSheet } from '../../../api/printed-sheets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NotFoundState } from '../../../components/ui/not-found-state';
import { Spinner } from '../../../components/ui/spinner';
import { isMissing } from '../../../lib/api-client';
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
  const sheet = usePrintedSheet(childId, sheetId);
  if (isMissing(sheet.error))
    return (
      <NotFoundState
        title="Sheet not found"
        message="This printed sheet does not exist, or belongs to another account."
        backHref={dashboardHref}
        backLabel="Back to dashboard"
      />
    );
  if (sheet.error)
    return (
      <main className={styles.state}>
        <h1>Could not load this sheet</h1>
        <p role="alert">{sheet.error.message}</p>
        <div className={styles.actions}>
          <Button onClick={() => void sheet.refetch()}>Try Again</Button>
          <Link to={dashboardHref}>Back to dashboard</Link>
        </div>
      </main>
    );
  if (!sheet.data)
    return (
      <main className={styles.state}>
        <Spinner label="Loading the sheet" />
      </main>
    );

  const { words, removed, title } = sheet.data;
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
