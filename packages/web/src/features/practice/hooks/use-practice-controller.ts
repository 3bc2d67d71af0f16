import {
  UNDO_OFFER_SECONDS,
  browserTimeZone,
  localDate,
  schedule,
  type Grade,
  type PracticeSession,
  type WordInSet,
  type WordSetDetail,
} from '@spellwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { practiceOutbox } from '../api/practice-outbox';
import { queryKeys } from '../../../lib/query-keys';
import { clearPracticeSession } from '../api/clear-practice-session';
import { usePostReview } from '../api/post-review';
import { isSessionMoved, savePracticePosition } from '../api/save-practice-position';
import { undoGrade } from '../api/undo-grade';
import { useUpdateWord, type UpdateWordInput } from '../api/update-word';
import { gradedCount } from '../lib/graded-count';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { outcomeStore, type OutcomeEntry } from '../lib/session-outcomes';
import {
  currentWordId,
  dailyStatsToSend,
  initialSession,
  isFinished,
  sessionReducer,
  type SessionAction,
  type SessionState,
} from '../lib/session-reducer';

interface Options {
  childId: string;
  wordSetId: string;
  detail: WordSetDetail;
  session: PracticeSession;
  /**
   * A practice of chosen words only (the dashboard's "Practise the weak words"): graded as
   * usual, but the set's stored session and its place in it are left alone.
   */
  focused?: boolean;
}

/** The grade just taken, offered for undo for a few seconds. */
export interface LastGrade {
  wordId: string;
  key: string;
  quality: Grade;
  /** "Question n" of the graded word. */
  question: number;
  /** The graded word itself, which the Undo chip names (issue 35). */
  wordString: string;
  /** Whether the server has the grade (false: it failed and waits for Retry). */
  saved: Promise<boolean>;
}

/**
 * Runs one practice session. Moving on is synchronous (the next question renders in the same
 * event, never waiting for the network); saving the grade, the position and the daily stats
 * happens behind it. The server recomputes every grade and is the authority.
 */
export function usePracticeController({ childId, wordSetId, detail, session, focused = false }: Options) {
  const queryClient = useQueryClient();
  const wordsById = useMemo(() => new Map(detail.words.map((w) => [w.id, w])), [detail.words]);
  const [state, setState] = useState(() => {
    // Ids of words deleted since the session was stored have nothing to show: leave them out.
    const wordIds = session.wordIds.filter((id) => wordsById.has(id));
    const dropped = session.wordIds.slice(0, session.position).filter((id) => !wordsById.has(id)).length;
    return initialSession(
      { wordIds, position: session.position - dropped, dueCount: session.dueCount },
      focused ? 0 : gradedCount.read(childId, wordSetId),
    );
  });
  const latest = useRef(state);

  const updateWord = useUpdateWord();
  const postReview = usePostReview(childId);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const [failedUpdates, setFailedUpdates] = useState<UpdateWordInput[]>([]);
  const [lastGrade, setLastGrade] = useState<LastGrade | null>(null);
  /** Another tab or device has this practice: grading here would use a stale position. */
  const [stale, setStale] = useState(false);
  const savedPosition = useRef(session.position);

  // A second tab opening the same practice tells the others (same browser) at once.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined' || focused) return;
    const channel = new BroadcastChannel('spellwell-practice');
    const practice = `${childId}/${wordSetId}`;
    const tab = Math.random().toString(36).slice(2);
    channel.onmessage = (event: MessageEvent<{ practice?: string; tab?: string }>) => {
      if (event.data?.practice === practice && event.data.tab !== tab) setStale(true);
    };
    channel.postMessage({ practice, tab });
    return () => channel.close();
  }, [childId, wordSetId, focused]);
  /** How each word of this page's session ended, for the finish screen (issue 17 item 6). */
  // A resumed session keeps the outcomes of the words before its position; a fresh one has none.
  const [outcomes, setOutcomes] = useState<OutcomeEntry[]>(() => {
    if (state.index === 0 || focused) return [];
    const before = new Set(state.wordIds.slice(0, state.index));
    return outcomeStore.read(childId, wordSetId).filter((entry) => before.has(entry.wordId));
  });
  useEffect(() => {
    // A focused practice (chosen words) keeps nothing of the set's own session.
    if (focused) return;
    if (isFinished(latest.current)) outcomeStore.clear(childId, wordSetId);
    else if (outcomes.length > 0) outcomeStore.write(childId, wordSetId, outcomes);
  }, [outcomes, childId, wordSetId, focused]);
  const [undoing, setUndoing] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);

  // The offer lasts a few seconds; a newer grade or a skip replaces it at once.
  useEffect(() => {
    if (!lastGrade || undoing) return;
    const timer = setTimeout(
      () => setLastGrade((now) => (now === lastGrade ? null : now)),
      UNDO_OFFER_SECONDS * 1000,
    );
    return () => clearTimeout(timer);
  }, [lastGrade, undoing]);

  // Position writes go one after another, so a slow PUT can never overwrite a later one.
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const enqueueWrite = useCallback((write: () => Promise<unknown>) => {
    writes.current = writes.current
      .then(write)
      .catch((error: unknown) => console.warn('Could not save the practice position:', error));
    return writes.current;
  }, []);

  const move = (action: SessionAction) => {
    const before = latest.current;
    const after = sessionReducer(before, action);
    if (after === before) return null;
    latest.current = after;
    setState(after);
    return { before, after };
  };

  const saveProgress = (after: SessionState) => {
    if (focused) return;
    if (isFinished(after)) {
      gradedCount.clear(childId, wordSetId);
      void enqueueWrite(() => clearPracticeSession(childId, wordSetId));
    } else {
      gradedCount.write(childId, wordSetId, after.graded);
      const from = savedPosition.current;
      savedPosition.current = after.index;
      void enqueueWrite(() =>
        savePracticePosition(childId, wordSetId, after.index, from).catch((error: unknown) => {
          if (!isSessionMoved(error)) throw error;
          setStale(true);
        }),
      );
    }
  };

  const sendUpdate = (input: UpdateWordInput) => {
    pendingRef.current = true;
    setPending(true);
    return (
      updateWord
        .mutateAsync(input)
        // null: no network, the grade waits in the outbox (not on the server yet).
        .then((word) => word !== null)
        .catch((error: unknown) => {
          console.warn('Could not save a grade:', error);
          setFailedUpdates((failed) => [...failed, input]);
          return false;
        })
        .finally(() => {
          pendingRef.current = false;
          setPending(false);
        })
    );
  };

  const grade = (quality: Grade) => {
    // The buttons are disabled while an update is pending; this also stops the keyboard.
    if (pendingRef.current || stale) return;
    const wordId = currentWordId(latest.current);
    const word: WordInSet | undefined = wordId ? wordsById.get(wordId) : undefined;
    if (!word) return;
    const moved = move({ type: 'grade' });
    if (!moved) return;
    pendingRef.current = true;
    setPending(true);
    setUndoError(null);
    const idempotencyKey = newIdempotencyKey();
    let settle!: (saved: Promise<boolean>) => void;
    const saved = new Promise<boolean>((resolve) => (settle = resolve));
    setLastGrade({
      wordId: word.id,
      key: idempotencyKey,
      quality,
      question: moved.before.index + 1,
      wordString: word.wordString,
      saved,
    });
    const today = localDate(browserTimeZone());
    const next = schedule({
      easeFactor: word.easeFactor,
      interval: word.interval,
      grade: quality,
      today,
      testDate: detail.testDate,
    });
    setOutcomes((all) => [...all, { wordId: word.id, outcome: quality, nextReview: next.nextReview }]);
    // The next question renders first; the network work starts in the task after it.
    setTimeout(() => {
      // Optimistic: the spec's payload, computed above; the server recomputes from its own state.
      settle(
        sendUpdate({
          childId,
          wordSetId,
          wordId: word.id,
          word: word.wordString,
          payload: { quality, ...next, idempotencyKey },
        }),
      );
      saveProgress(moved.after);
      const stats = dailyStatsToSend(moved.before, moved.after);
      // Sent once even if sent again from the outbox, and filed under the day it finished.
      if (stats) postReview.mutate({ ...stats, idempotencyKey: newIdempotencyKey(), completedOn: today });
    }, 0);
  };

  const skip = () => {
    if (stale) return;
    const wordId = currentWordId(latest.current);
    const moved = move({ type: 'skip' });
    if (!moved) return;
    if (wordId) setOutcomes((all) => [...all, { wordId, outcome: 'skipped', nextReview: null }]);
    setLastGrade(null);
    saveProgress(moved.after);
  };

  /**
   * Takes the last grade back: the server restores the word's schedule and statistics (a grade
   * that never reached it is simply dropped), and the session returns to that word.
   */
  const undo = async () => {
    const last = lastGrade;
    if (!last || undoing) return;
    setUndoing(true);
    setUndoError(null);
    try {
      if (await last.saved) await undoGrade(childId, last.wordId, last.key);
      else {
        // Never sent: take it out of the outbox, or out of the failed grades awaiting Retry.
        await (await practiceOutbox()).discardFromOutbox(last.key);
        setFailedUpdates((failed) => failed.filter((input) => input.payload.idempotencyKey !== last.key));
      }
      const moved = move({ type: 'undo-grade' });
      if (moved) {
        saveProgress(moved.after);
        // The word comes back: its outcome is the one given next.
        setOutcomes((all) => {
          const at = all.map((entry) => entry.wordId).lastIndexOf(last.wordId);
          return at < 0 ? all : [...all.slice(0, at), ...all.slice(at + 1)];
        });
      }
    } catch (error) {
      setUndoError(error instanceof Error ? error.message : 'The grade could not be undone.');
    } finally {
      setLastGrade(null);
      setUndoing(false);
    }
  };

  const toggleWord = () => void move({ type: 'toggle-word' });

  /** Sends the failed grades again, one at a time, each with its own idempotency key. */
  const retryFailed = async () => {
    const failed = failedUpdates;
    setFailedUpdates([]);
    for (const input of failed) await sendUpdate(input);
  };

  /** Clears the stored session; the caller loads a fresh one. */
  const startOver = () => {
    if (focused) return Promise.resolve();
    gradedCount.clear(childId, wordSetId);
    outcomeStore.clear(childId, wordSetId);
    return enqueueWrite(() => clearPracticeSession(childId, wordSetId, 0));
  };

  // Leaving the page: the child's statistics and this set's schedules changed with every grade.
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.child(childId), refetchType: 'none' });
      // The dashboard's cards show the words due and where this session stands.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all(), refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.wordSet(childId, wordSetId),
        refetchType: 'none',
      });
    },
    [queryClient, childId, wordSetId],
  );

  const wordId = currentWordId(state);
  const nextId = state.wordIds[state.index + 1];
  return {
    state,
    word: wordId ? wordsById.get(wordId) : undefined,
    nextWord: nextId ? wordsById.get(nextId) : undefined,
    words: state.wordIds.map((id) => wordsById.get(id)).filter((w): w is WordInSet => Boolean(w)),
    finished: isFinished(state),
    outcomes,
    wordsById,
    pending,
    failedCount: failedUpdates.length,
    statsFailed: postReview.isError,
    retryStats: () => postReview.variables && postReview.mutate(postReview.variables),
    grade,
    skip,
    toggleWord,
    lastGrade: isFinished(state) ? null : lastGrade,
    stale,
    undo,
    undoing,
    undoError,
    retryFailed,
    startOver,
  };
}
