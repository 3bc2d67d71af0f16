import type { Language, PracticeSession, TroubleWord, WordSetDetail } from '@spellwell/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTroubleWords } from '../../../api/get-trouble-words';
import { Button } from '../../../components/ui/button';
import { NotFoundState } from '../../../components/ui/not-found-state';
import { isMissing } from '../../../lib/api-client';
import { PracticeScreen } from './practice-screen';
import { PracticeSkeleton } from './practice-skeleton';
import styles from './practice-page.module.css';

interface Props {
  childId: string;
  /** The practice's one language; without it, the language of the weakest trouble word. */
  language?: Language;
  childName: string | undefined;
  dashboardHref: string;
}

/**
 * The trouble words of one language as one practice: the words come from several sets, each
 * read with its set's language for speech and display. Graded word by word by the server like any practice; no
 * set's stored session is touched.
 */
function practiceOf(words: readonly TroubleWord[]): { detail: WordSetDetail; session: PracticeSession } {
  const first = words[0]!;
  return {
    detail: {
      id: first.wordSetId,
      testDate: first.testDate,
      description: 'Trouble words',
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

export function TroublePracticePage({ childId, language, childName, dashboardHref }: Props) {
  const navigate = useNavigate();
  // Each "Practise again" mounts a new screen over the same words.
  const [round, setRound] = useState(0);
  const trouble = useTroubleWords(childId, { frozen: true, language });
  // Never English and Chinese in one practice (issue 34), even from an address without ?language=.
  const words = useMemo(
    () => trouble.data?.filter((w) => w.language === (language ?? trouble.data?.[0]?.language)),
    [trouble.data, language],
  );
  const practice = useMemo(() => (words && words.length > 0 ? practiceOf(words) : null), [words]);
  const languages = useMemo(() => new Map(words?.map((w) => [w.id, w.language])), [words]);

  if (isMissing(trouble.error)) {
    return (
      <NotFoundState
        title="Practice not found"
        message="This child does not exist or has been removed."
        backHref={dashboardHref}
        backLabel="Back to dashboard"
      />
    );
  }
  if (trouble.error) {
    return (
      <main className={styles.state}>
        <h1>Could not load the trouble words</h1>
        <p role="alert">{trouble.error.message}</p>
        <div className={styles.actions}>
          <Button onClick={() => void trouble.refetch()}>Try Again</Button>
          <Link to={dashboardHref}>Back to dashboard</Link>
        </div>
      </main>
    );
  }
  if (!words) return <PracticeSkeleton />;
  if (!practice) {
    return (
      <main className={styles.state}>
        <h1>No trouble words</h1>
        <p>Every word practised so far looks ready for its test.</p>
        <div className={styles.actions}>
          <Link to={dashboardHref}>Back to dashboard</Link>
        </div>
      </main>
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
      listName="Trouble words"
      languageOf={(wordId) => languages.get(wordId)}
      childName={childName}
      onLeave={() => void navigate(dashboardHref)}
      // The same words again, from the first.
      onStartOver={() => setRound((r) => r + 1)}
    />
  );
}
