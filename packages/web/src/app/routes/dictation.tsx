import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { DictationPage } from '../../features/dictation/components/dictation-page';
import { dictationServices } from '../dictation-services';

/** /dictation/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <DictationPage
      key={`${childId}/${wordSetId}`}
      childId={childId}
      wordSetId={wordSetId}
      childName={childName}
      practiceHref={paths.practice.getHref(childId, wordSetId)}
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId, wordSetId) : paths.home.getHref()}
      services={dictationServices}
    />
  );
}
