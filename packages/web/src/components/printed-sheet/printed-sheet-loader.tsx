import type { PrintedSheet } from '@spellwell/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePrintedSheet } from '../../api/printed-sheets';
import { isMissing } from '../../lib/api-client';
import { Button } from '../ui/button';
import { NotFoundState } from '../ui/not-found-state';
import { Spinner } from '../ui/spinner';
import styles from './printed-sheet-loader.module.css';

interface Props {
  childId: string;
  sheetId: string;
  dashboardHref: string;
  /** The page, once the sheet has loaded. */
  children: (sheet: PrintedSheet) => ReactNode;
}

/**
 * Loads a printed sheet (issue 20) for the two pages that show one, printing it and grading it
 * from its QR code, and answers for both while it is missing, failing or on its way.
 */
export function PrintedSheetLoader({ childId, sheetId, dashboardHref, children }: Props) {
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
  return children(sheet.data);
}
