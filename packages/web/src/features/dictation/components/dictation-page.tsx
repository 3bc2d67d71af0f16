import type { WordSetDetail } from '@spellwell/shared';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useWordSet } from '../../../api/get-word-set';
import { NotFoundState } from '../../../components/ui/not-found-state';
import { PageError, PageLoading, PageState } from '../../../components/ui/page-state';
import { isMissing } from '../../../lib/api-client';
import { useDictationSettings } from '../api/dictation-settings';
import { dictationSheetKey, sheetStorage } from '../lib/sheet-storage';
import type { DictationServices, SheetWord } from '../services';
import { DictationRun } from './dictation-run';
import { GradingSheet } from './grading-sheet';
import styles from './dictation.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  childName: string | undefined;
  practiceHref: string;
  dashboardHref: string;
  services: DictationServices;
}

const toSheetWord = (detail: WordSetDetail, id: string): SheetWord | null => {
  const word = detail.words.find((w) => w.id === id);
  return word
    ? {
        id,
        wordSetId: detail.id,
        wordString: word.wordString,
        language: detail.language,
        hasRecording: word.hasRecording,
        reading: word.reading,
      }
    : null;
};

/** The words to dictate: those due now, in practice order; every word when none is due. */
function dictationWords(detail: WordSetDetail, order: string[], dueCount: number) {
  const inOrder = order.map((id) => toSheetWord(detail, id)).filter((w): w is SheetWord => w !== null);
  const due = inOrder.slice(0, dueCount);
  if (due.length > 0) return { words: due, note: null };
  return { words: inOrder, note: 'No words are due now, so the dictation has every word of the list.' };
}

/**
 * /dictation/{childId}/{wordSetId}: the school's way, a dictation of the words due now, then
 * one grading sheet. A sheet left half-way (a reload) opens again with its grades.
 */
export function DictationPage({
  childId,
  wordSetId,
  childName,
  practiceHref,
  dashboardHref,
  services,
}: Props) {
  const wordSet = useWordSet(childId, wordSetId);
  const session = services.usePracticeSession(childId, wordSetId);
  const settings = useDictationSettings(childId);
  const sheetKey = dictationSheetKey(childId, wordSetId);
  const [sheetIds, setSheetIds] = useState(() => sheetStorage.read(sheetKey)?.wordIds ?? null);

  const planned = useMemo(
    () =>
      wordSet.data && session.data
        ? dictationWords(wordSet.data, session.data.wordIds, session.data.dueCount)
        : null,
    [wordSet.data, session.data],
  );
  const plannedWords = planned?.words;
  const finishDictation = useCallback(() => {
    if (!plannedWords) return;
    const ids = plannedWords.map((w) => w.id);
    sheetStorage.write(sheetKey, { wordIds: ids, grades: {} });
    setSheetIds(ids);
  }, [plannedWords, sheetKey]);

  if (isMissing(wordSet.error) || isMissing(session.error))
    return (
      <NotFoundState
        title="Practice not found"
        message="This practice does not exist or has been deleted."
        backHref={dashboardHref}
        backLabel="Back to dashboard"
      />
    );
  const error = wordSet.error ?? session.error;
  if (error)
    return (
      <PageError
        title="Could not load this dictation"
        error={error}
        onRetry={() => void Promise.all([wordSet.refetch(), session.refetch()])}
        back={{ href: practiceHref, label: 'Back to practice' }}
      />
    );
  if (!wordSet.data || !planned) return <PageLoading label="Loading the dictation" />;

  const detail = wordSet.data;
  const done = (
    <div className={styles.state} role="status">
      <h1>Grades saved</h1>
      <p>Every word has its grade, and its next practice day is set.</p>
      <div className={styles.actions}>
        <Link to={dashboardHref}>Back to dashboard</Link>
        <Link to={practiceHref}>Back to practice</Link>
      </div>
    </div>
  );

  if (sheetIds) {
    const words = sheetIds.map((id) => toSheetWord(detail, id)).filter((w): w is SheetWord => w !== null);
    return (
      <main className={styles.page}>
        <GradingSheet childId={childId} sheetKey={sheetKey} words={words} services={services} done={done} />
      </main>
    );
  }

  if (planned.words.length === 0)
    return (
      <PageState title="No words to dictate" actions={<Link to={practiceHref}>Back to practice</Link>}>
        <p>This practice has no words yet.</p>
      </PageState>
    );

  return (
    <DictationRun
      childId={childId}
      childName={childName}
      listName={detail.description}
      words={planned.words}
      note={planned.note}
      practiceHref={practiceHref}
      pauseSeconds={settings.data?.pauseSeconds ?? 5}
      services={services}
      onDone={finishDictation}
    />
  );
}
