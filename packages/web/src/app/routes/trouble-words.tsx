import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { TroublePracticePage } from '../../features/practice/components/trouble-practice-page';

/** /trouble-words/{childId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <TroublePracticePage
      key={childId}
      childId={childId}
      childName={childName}
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref()}
    />
  );
}
