import { browserTimeZone, localDate } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { wordSetsQueryOptions } from '../../features/dashboard/api/get-word-sets';
import { NextChildLink, NextChildSlot } from '../../features/practice/components/next-child-link';
import { PracticePage } from '../../features/practice/components/practice-page';
import { nextChild } from '../../features/practice/lib/next-child';

/**
 * "Next: <other child>" on the finish screen: another child with words due now, from the
 * dashboard's (usually cached) list. Nothing while loading or on an error: it is a nicety.
 */
function NextChild({ childId }: { childId: string }) {
  const { userId } = useAuth();
  const sets = useQuery({ ...wordSetsQueryOptions(userId ?? ''), enabled: userId !== null });
  if (!userId || !sets.data) return null;
  const next = nextChild(sets.data, childId, localDate(browserTimeZone()));
  if (!next) return null;
  const href = next.wordSetId
    ? paths.practice.getHref(next.childId, next.wordSetId)
    : paths.dashboard.getChildHref(userId, next.childId);
  return <NextChildLink name={next.name} due={next.due} href={href} />;
}

/** /practice/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <NextChildSlot.Provider value={NextChild}>
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
    </NextChildSlot.Provider>
  );
}
