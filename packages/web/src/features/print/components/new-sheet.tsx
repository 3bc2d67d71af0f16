import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { createPrintedSheet } from '../../../api/printed-sheets';
import { Spinner } from '../../../components/ui/spinner';
import { isMissing } from '../../../lib/api-client';
import styles from './print.module.css';

interface Props {
  childId: string;
  wordSetId: string | undefined;
  dashboardHref: string;
  sheetHref: (sheetId: string) => string;
}

/**
 * /print/{childId}[?set=]: stores the sheet's word list (so its QR code grades exactly these
 * words later), then shows it. Once per visit, even when React mounts the page twice.
 */
export function NewSheet({ childId, wordSetId, dashboardHref, sheetHref }: Props) {
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createPrintedSheet(childId, wordSetId)
      .then((sheet) => void navigate(sheetHref(sheet.id), { replace: true }))
      .catch((e: unknown) =>
        setError(
          isMissing(e)
            ? 'This practice does not exist or has been deleted.'
            : e instanceof Error
              ? e.message
              : 'The sheet could not be made.',
        ),
      );
  }, [childId, wordSetId, navigate, sheetHref]);
  if (error)
    return (
      <main className={styles.screen}>
        <h1>Nothing to print</h1>
        <p role="alert">{error}</p>
        <Link to={dashboardHref}>Back to dashboard</Link>
      </main>
    );
  return (
    <main className={styles.screen}>
      <Spinner label="Preparing the sheet" showLabel />
    </main>
  );
}
