import { browserTimeZone, localDate } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyComponent } from '../../lib/lazy-component';
import { useAuth } from '../../features/auth/use-auth';
import { wordSetsQueryOptions } from '../../features/dashboard/api/get-word-sets';
import { OutboxStatus } from '../../features/offline/components/outbox-status';
import { outbox } from '../../features/offline/outbox/outbox-lazy';
import { NextChildLink, NextChildSlot } from '../../features/practice/components/next-child-link';
import { PracticePage } from '../../features/practice/components/practice-page';
import {
  recorderForRole,
  WordRecorderSlot,
  type WordRecorderSlotProps,
} from '../../features/practice/components/word-recorder-slot';
import { providePracticeOutbox } from '../../features/practice/api/practice-outbox';
import { nextChild } from '../../features/practice/lib/next-child';
import { usePractisedChild } from '../use-practised-child';

// The practice's changes wait offline in the offline feature's outbox (fetched now, while the
// network is surely there, so the first grade never waits for it).
providePracticeOutbox(outbox);

// The service worker's registration waits for its code: a practice never offers an update.
const AppUpdates = lazyComponent(
  () => import('../../features/offline/components/app-updates').then((m) => m.AppUpdates),
  () => null,
);

// The recorder loads with the Word List, not with the practice (its page JS has a budget).
// Offline, before the service worker has kept its code, the list shows without it.
const WordListRecorder = lazyComponent(
  () => import('../../features/recordings/components/word-list-recorder').then((m) => m.WordListRecorder),
  () => null,
);

/** "Record" under each word of the Word List: the recordings feature's recorder. */
function WordRecorder(props: WordRecorderSlotProps) {
  return (
    <Suspense fallback={null}>
      <WordListRecorder {...props} />
    </Suspense>
  );
}

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
  const { userId } = useAuth();
  // "?words=id,id": a practice of only those words (the dashboard's "Practise the weak words").
  const [search] = useSearchParams();
  const words = search.get('words');
  const focusWordIds = useMemo(() => (words ? words.split(',').filter(Boolean) : null), [words]);
  // Back to this child's tab, with the list just practised in view.
  const { child, dashboardHref } = usePractisedChild(childId, wordSetId);
  // The role is on the dashboard's (usually cached) list: a tutor gets no recorder (issue 37).
  const sets = useQuery({ ...wordSetsQueryOptions(userId ?? ''), enabled: userId !== null });
  const role = sets.data?.find((c) => c.id === childId)?.role;
  const drawn = useFirstScreenDrawn();
  return (
    <NextChildSlot.Provider value={NextChild}>
      <WordRecorderSlot.Provider value={recorderForRole(role, WordRecorder)}>
        {/* Once the first question is up (lib/first-screen.ts). Registers the worker for a
            practice opened directly; a new version waits for the dashboard. */}
        {drawn ? (
          <Suspense fallback={null}>
            <AppUpdates offer={false} />
          </Suspense>
        ) : null}
        {/* Part of the page, not loaded after it: the network may go at any moment. */}
        <OutboxStatus />
        {/* The child's colour on the practice header (issue 35). */}
        <div className="child-colour" data-child-colour={child?.colour}>
          <PracticePage
            key={`${childId}/${wordSetId}/${words ?? ''}`}
            childId={childId}
            wordSetId={wordSetId}
            childName={child?.name}
            childPronoun={child?.pronoun}
            focusWordIds={focusWordIds}
            dashboardHref={dashboardHref}
          />
        </div>
      </WordRecorderSlot.Provider>
    </NextChildSlot.Provider>
  );
}
