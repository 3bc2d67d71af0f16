import { useMemo, useState } from 'react';
import type { ChildPronoun, PracticeSession } from '@spellwell/shared';
import { Link, useNavigate } from 'react-router';
import { useWordSet } from '../../../api/get-word-set';
import { paths } from '../../../config/paths';
import { NotFoundState } from '../../../components/ui/not-found-state';
import { PageError, PageState } from '../../../components/ui/page-state';
import { isMissing } from '../../../lib/api-client';
import { usePracticeSession } from '../api/get-practice-session';
import { PracticeScreen } from './practice-screen';
import { PracticeSkeleton } from './practice-skeleton';
import styles from './practice-page.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  /** Where "back" goes: the signed-in parent's dashboard, on this child's tab. */
  dashboardHref: string;
  /** Whose practice it is, named in the header so no grade goes into the wrong child's record. */
  childName: string | undefined;
  /** For "Mei, on her own" in the Word List (issue 36); their when absent. */
  childPronoun?: ChildPronoun | undefined;
  /** A practice of only these words of the set ("Practise the weak words"), or null: the whole set. */
  focusWordIds?: readonly string[] | null;
}

/** Loads the word set and the stored session (order and resume position), then runs it. */
export function PracticePage({
  childId,
  wordSetId,
  dashboardHref,
  childName,
  childPronoun,
  focusWordIds = null,
}: Props) {
  const navigate = useNavigate();
  const wordSet = useWordSet(childId, wordSetId);
  const focused = focusWordIds !== null;
  // A focused practice never reads (or creates) the set's stored session.
  const stored = usePracticeSession(childId, wordSetId, !focused);
  const words = wordSet.data?.words;
  const focusSession = useMemo((): PracticeSession | undefined => {
    if (!focusWordIds || !words) return undefined;
    // Only ids of this set's words, in the order given (weakest first).
    const known = new Set(words.map((w) => w.id));
    const wordIds = focusWordIds.filter((id) => known.has(id));
    return { wordIds, position: 0, dueCount: wordIds.length };
  }, [focusWordIds, words]);
  const session = focused
    ? { data: focusSession, error: null, refetch: () => Promise.resolve() }
    : { data: stored.data, error: stored.error, refetch: stored.refetch };
  // Each "Start over" mounts a new screen with fresh state.
  const [round, setRound] = useState(0);
  const [restarting, setRestarting] = useState(false);

  const error = wordSet.error ?? session.error;
  if (isMissing(wordSet.error) || isMissing(session.error)) {
    return (
      <NotFoundState
        title="Practice not found"
        message="This practice does not exist or has been deleted."
        backHref={dashboardHref}
        backLabel="Back to dashboard"
      />
    );
  }
  if (error) {
    return (
      <PageError
        framed
        title="Could not load this practice"
        error={error}
        onRetry={() => void Promise.all([wordSet.refetch(), session.refetch()])}
        back={{ href: dashboardHref, label: 'Back to dashboard' }}
      />
    );
  }

  if (!wordSet.data || !session.data || restarting) return <PracticeSkeleton />;

  if (wordSet.data.words.length === 0 || session.data.wordIds.length === 0) {
    return (
      <PageState
        framed
        title="No words to practise"
        actions={
          <>
            <Link className={styles.button} to={paths.edit.getHref(childId, wordSetId)}>
              Add Words
            </Link>
            <Link to={dashboardHref}>Back to dashboard</Link>
          </>
        }
      >
        <p>This practice has no words yet. Add some words, then come back to practise.</p>
      </PageState>
    );
  }

  const startOver = async (clear: () => Promise<unknown>) => {
    setRestarting(true);
    try {
      await clear();
      await Promise.all([wordSet.refetch(), session.refetch()]);
      setRound((r) => r + 1);
    } finally {
      setRestarting(false);
    }
  };

  return (
    <PracticeScreen
      key={round}
      childId={childId}
      wordSetId={wordSetId}
      detail={wordSet.data}
      session={session.data}
      focused={focused}
      listName={focused ? `${wordSet.data.description}: weak words` : undefined}
      childName={childName}
      childPronoun={childPronoun}
      onLeave={() => void navigate(dashboardHref)}
      onStartOver={(clear) => void startOver(clear)}
    />
  );
}
