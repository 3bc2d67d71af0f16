import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { PracticePage } from '../../features/practice/components/practice-page';

/** /practice/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { userId } = useAuth();
  return (
    <PracticePage
      key={`${childId}/${wordSetId}`}
      childId={childId}
      wordSetId={wordSetId}
      dashboardHref={userId ? paths.dashboard.getHref(userId) : paths.home.getHref()}
    />
  );
}
