import type { Language, PracticeSession, WordInSet, WordSetDetail } from '@spellwell/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NotFoundState } from '../../../components/ui/not-found-state';
import { PageError, PageState } from '../../../components/ui/page-state';
import { isMissing } from '../../../lib/api-client';
import { PracticeScreen } from './practice-screen';
import { PracticeSkeleton } from './practice-skeleton';

/** A word taken from one of the child's sets, with what a practice needs of that set. */
type SetWord = WordInSet & { wordSetId: string; language: Language; testDate: string };

interface Props {
  childId: string;
  childName: string | undefined;
  dashboardHref: string;
  /** The words, read once: a refetch must never change the words under a practice. */
  query: UseQueryResult<SetWord[]>;
  /** The practice's name in its header ("Trouble words", "Tonight"). */
  listName: string;
  /** What the page says when there is nothing to practise. */
  empty: { title: string; text: string };
  /** Only the words of this language ('first': the first word's); without it, every word. */
  oneLanguage?: Language | 'first';
}

/**
 * Words from several sets as one practice (the trouble words, tonight's words): each keeps its
 * set's language for speech and display. Graded word by word by the server like any practice;
 * no set's stored session is touched.
 */
function practiceOf(
  words: readonly SetWord[],
  listName: string,
): { detail: WordSetDetail; session: PracticeSession } {
  const first = words[0]!;
  return {
    detail: {
      id: first.wordSetId,
      testDate: first.testDate,
      description: listName,
      language: first.language,
      words: words.map(({ id, wordString, reading, easeFactor, interval, nextReview, hasRecording }) => ({
        id,
        wordString,
        easeFactor,
        interval,
        nextReview,
        hasRecording,
        reading,
      })),
      planForTestDate: false,
      readiness: { expectedCorrect: 0, wordCount: words.length, atRisk: [], range: { low: 0, high: 0 } },
      testResult: null,
      predictedForTest: null,
      plannedReviews: [],
    },
    session: { wordIds: words.map((w) => w.id), position: 0, dueCount: words.length },
  };
}

export function CrossSetPracticePage({
  childId,
  childName,
  dashboardHref,
  query,
  listName,
  empty,
  oneLanguage,
}: Props) {
  const navigate = useNavigate();
  // Each "Practise again" mounts a new screen over the same words.
  const [round, setRound] = useState(0);
  const words = useMemo(() => {
    const all = query.data;
    if (!all || !oneLanguage) return all;
    const language = oneLanguage === 'first' ? all[0]?.language : oneLanguage;
    return all.filter((w) => w.language === language);
  }, [query.data, oneLanguage]);
  const practice = useMemo(
    () => (words && words.length > 0 ? practiceOf(words, listName) : null),
    [words, listName],
  );
  const languages = useMemo(() => new Map(words?.map((w) => [w.id, w.language])), [words]);

  if (isMissing(query.error)) {
    return (
      <NotFoundState
        title="Practice not found"
        message="This child does not exist or has been removed."
        backHref={dashboardHref}
        backLabel="Back to dashboard"
      />
    );
  }
  if (query.error) {
    return (
      <PageError
        framed
        title="Could not load the words"
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ href: dashboardHref, label: 'Back to dashboard' }}
      />
    );
  }
  if (!words) return <PracticeSkeleton />;
  if (!practice) {
    return (
      <PageState framed title={empty.title} actions={<Link to={dashboardHref}>Back to dashboard</Link>}>
        <p>{empty.text}</p>
      </PageState>
    );
  }
  return (
    <PracticeScreen
      key={round}
      childId={childId}
      wordSetId={practice.detail.id}
      detail={practice.detail}
      session={practice.session}
      focused
      listName={listName}
      languageOf={(wordId) => languages.get(wordId)}
      childName={childName}
      onLeave={() => void navigate(dashboardHref)}
      // The same words again, from the first.
      onStartOver={() => setRound((r) => r + 1)}
    />
  );
}
