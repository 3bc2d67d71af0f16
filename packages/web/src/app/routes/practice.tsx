import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { AppUpdates } from '../../features/offline/components/app-updates';
import { OutboxStatus } from '../../features/offline/components/outbox-status';
import { PracticePage } from '../../features/practice/components/practice-page';

/** /practice/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <>
      {/* Registers the worker for a practice opened directly; a new version waits for the dashboard. */}
      <AppUpdates offer={false} />
      <OutboxStatus />
      <PracticePage
        key={`${childId}/${wordSetId}`}
        childId={childId}
        wordSetId={wordSetId}
        childName={childName}
        // Back to this child's tab, with the list just practised in view.
        dashboardHref={
          userId ? paths.dashboard.getChildHref(userId, childId, wordSetId) : paths.home.getHref()
        }
      />
    </>
  );
}
