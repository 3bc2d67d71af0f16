import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { PracticePage } from '../../features/practice/components/practice-page';

/** /practice/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  // "?words=id,id": a practice of only those words (the dashboard's "Practise the weak words").
  const [search] = useSearchParams();
  const words = search.get('words');
  const focusWordIds = useMemo(() => (words ? words.split(',').filter(Boolean) : null), [words]);
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <PracticePage
      key={`${childId}/${wordSetId}/${words ?? ''}`}
      childId={childId}
      wordSetId={wordSetId}
      childName={childName}
      focusWordIds={focusWordIds}
      // Back to this child's tab, with the list just practised in view.
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId, wordSetId) : paths.home.getHref()}
    />
  );
}
