import type { PracticeSession } from '@spellwell/shared';

/**
 * The practice session as a pure state machine (specification section 4, "Practice session"):
 * the index starts at 0; grading or skipping moves to the next word and hides it; after the
 * last word the session is finished. Side effects (saving the grade, the position, the daily
 * stats) are decided from the transition by the caller, so they stay out of rendering.
 */
export interface SessionState {
  wordIds: string[];
  /** The current word, 0-based; equal to wordIds.length when finished. */
  index: number;
  /** How many words at the front of the order were due when the session was built. */
  dueCount: number;
  shown: boolean;
  /** Words graded in this session (the daily stats' wordsReviewed). */
  graded: number;
  /** What ended the last word: the daily-stats call depends on it. */
  lastMove: 'grade' | 'skip' | null;
}

export type SessionAction =
  { type: 'grade' } | { type: 'skip' } | { type: 'toggle-word' } | { type: 'undo-grade' };

export function initialSession(session: PracticeSession, gradedBefore = 0): SessionState {
  const index = Math.min(Math.max(session.position, 0), session.wordIds.length);
  return {
    wordIds: session.wordIds,
    index,
    dueCount: Math.min(session.dueCount, session.wordIds.length),
    shown: false,
    // A resumed session keeps the grades made before the reload; a fresh one starts at 0.
    graded: index === 0 ? 0 : Math.min(Math.max(gradedBefore, 0), index),
    lastMove: null,
  };
}

export function isFinished(state: SessionState): boolean {
  return state.index >= state.wordIds.length;
}

export function currentWordId(state: SessionState): string | null {
  return state.wordIds[state.index] ?? null;
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  if (action.type === 'toggle-word') {
    return isFinished(state) ? state : { ...state, shown: !state.shown };
  }
  if (action.type === 'undo-grade') {
    // Back to the word just graded, which counts as not graded again.
    if (state.lastMove !== 'grade' || state.index === 0) return state;
    return {
      ...state,
      index: state.index - 1,
      shown: false,
      graded: Math.max(0, state.graded - 1),
      lastMove: null,
    };
  }
  if (isFinished(state)) return state;
  const graded = action.type === 'grade' ? state.graded + 1 : state.graded;
  return { ...state, index: state.index + 1, shown: false, graded, lastMove: action.type };
}

/**
 * The daily-stats payload to send after a transition, or null. Sent only when this move
 * finished the session by GRADING the last word, never when the last word was skipped.
 */
export function dailyStatsToSend(
  before: SessionState,
  after: SessionState,
): { wordsReviewed: number } | null {
  if (isFinished(before) || !isFinished(after) || after.lastMove !== 'grade') return null;
  return { wordsReviewed: after.graded };
}

/** The quiet note: every due word is done and the rest is extra practice. */
export function dueWordsDone(state: SessionState): boolean {
  return !isFinished(state) && state.dueCount < state.wordIds.length && state.index >= state.dueCount;
}

/** "Question n": n starts at 1, and stays at the count once finished. */
export function questionNumber(state: SessionState): number {
  return Math.min(state.index + 1, state.wordIds.length);
}
