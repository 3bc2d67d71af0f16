import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { NewSheet } from '../../features/print/components/new-sheet';
import { PrintPage } from '../../features/print/components/print-page';
import { ShareCodeOnKey } from '../../features/shared-lists/components/share-code-on-key';

/** /print/{childId}[?set=] makes a sheet; /print/{childId}/{sheetId} shows it to print. */
export function Component() {
  const { childId = '', sheetId } = useParams();
  const [search] = useSearchParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  const dashboardHref = userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref();
  const sheetHref = useCallback((id: string) => paths.printSheet.getHref(childId, id), [childId]);
  if (!sheetId)
    return (
      <NewSheet
        childId={childId}
        wordSetId={search.get('set') ?? undefined}
        dashboardHref={dashboardHref}
        sheetHref={sheetHref}
      />
    );
  return (
    <PrintPage
      key={sheetId}
      childId={childId}
      sheetId={sheetId}
      childName={childName}
      dashboardHref={dashboardHref}
      gradeUrl={new URL(paths.gradeSheet.getHref(childId, sheetId), window.location.origin).href}
      // A sheet of one shared list carries its code, for the other families (issue 37).
      keyFooter={(sheet) =>
        sheet.wordSetId ? <ShareCodeOnKey childId={childId} wordSetId={sheet.wordSetId} /> : null
      }
    />
  );
}
