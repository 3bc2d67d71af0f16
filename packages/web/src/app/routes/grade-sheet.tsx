import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { PrintedSheetGrading } from '../../features/dictation/components/printed-sheet-grading';
import { dictationServices } from '../dictation-services';

/** /grade/{childId}/{sheetId}: a printed sheet's grading, opened from its QR code. */
export function Component() {
  const { childId = '', sheetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <PrintedSheetGrading
      key={`${childId}/${sheetId}`}
      childId={childId}
      sheetId={sheetId}
      childName={childName}
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref()}
      services={dictationServices}
    />
  );
}
