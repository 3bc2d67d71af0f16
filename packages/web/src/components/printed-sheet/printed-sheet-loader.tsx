import type { PrintedSheet } from '@spellwell/shared';
import type { ReactNode } from 'react';
import { usePrintedSheet } from '../../api/printed-sheets';
import { isMissing } from '../../lib/api-client';
import { NotFoundState } from '../ui/not-found-state';
import { PageError, PageLoading } from '../ui/page-state';

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
      <PageError
        title="Could not load this sheet"
        error={sheet.error}
        onRetry={() => void sheet.refetch()}
        back={{ href: dashboardHref, label: 'Back to dashboard' }}
      />
    );
  if (!sheet.data) return <PageLoading label="Loading the sheet" />;
  return children(sheet.data);
}
