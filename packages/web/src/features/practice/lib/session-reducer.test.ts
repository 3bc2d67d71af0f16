import { describe, expect, it } from 'vitest';
import {
  currentWordId,
  dailyStatsToSend,
  dueWordsDone,
  initialSession,
  isFinished,
  questionNumber,
  sessionReducer,
  type SessionAction,
  type SessionState,
} from './session-reducer';

const session = { wordIds: ['a', 'b', 'c'], position: 0, dueCount: 3 };
const run = (state: SessionState, ...actions: SessionAction['type'][]) =>
  actions.reduce((s, type) => sessionReducer(s, { type } as SessionAction), state);

describe('session reducer', () => {
  it('starts at index 0 with the word hidden: "Question 1"', () => {
    const state = initialSession(session);
    expect(state.index).toBe(0);
    expect(state.shown).toBe(false);
    expect(currentWordId(state)).toBe('a');
    expect(questionNumber(state)).toBe(1);
  });

  it('shows and hides the word', () => {
    const shown = run(initialSession(session), 'toggle-word');
    expect(shown.shown).toBe(true);
    expect(run(shown, 'toggle-word').shown).toBe(false);
  });

  it('grading moves to the next word, hides it and counts the grade', () => {
    const state = run(initialSession(session), 'toggle-word', 'grade');
    expect(state.index).toBe(1);
    expect(state.shown).toBe(false);
    expect(state.graded).toBe(1);
    expect(currentWordId(state)).toBe('b');
    expect(questionNumber(state)).toBe(2);
  });

  it('undoing a grade goes back to that word, hidden, and uncounts it; only once, and never a skip', () => {
    const graded = run(initialSession(session), 'grade', 'toggle-word', 'grade');
    const undone = run(graded, 'undo-grade');
    expect(undone).toMatchObject({ index: 1, graded: 1, shown: false, lastMove: null });
    expect(currentWordId(undone)).toBe('b');
    expect(run(undone, 'undo-grade')).toBe(undone);
    const skipped = run(initialSession(session), 'skip');
    expect(run(skipped, 'undo-grade')).toBe(skipped);
    expect(run(initialSession(session), 'undo-grade').index).toBe(0);
  });

  it('skipping moves on and hides the word without counting a grade', () => {
    const state = run(initialSession(session), 'toggle-word', 'skip');
    expect(state.index).toBe(1);
    expect(state.shown).toBe(false);
    expect(state.graded).toBe(0);
  });

  it('finishes after the last word, and stays finished', () => {
    const done = run(initialSession(session), 'grade', 'skip', 'grade');
    expect(isFinished(done)).toBe(true);
    expect(currentWordId(done)).toBeNull();
    expect(questionNumber(done)).toBe(3);
    expect(run(done, 'grade', 'skip', 'toggle-word')).toEqual(done);
  });

  it('sends the daily stats when the last word is graded, with the number of words graded', () => {
    const before = run(initialSession(session), 'grade', 'skip');
    const after = run(before, 'grade');
    expect(dailyStatsToSend(before, after)).toEqual({ wordsReviewed: 2 });
  });

  it('does not send the daily stats when the last word is skipped', () => {
    const before = run(initialSession(session), 'grade', 'grade');
    expect(dailyStatsToSend(before, run(before, 'skip'))).toBeNull();
  });

  it('does not send the daily stats before the end, or again once finished', () => {
    const start = initialSession(session);
    expect(dailyStatsToSend(start, run(start, 'grade'))).toBeNull();
    const done = run(start, 'grade', 'grade', 'grade');
    expect(dailyStatsToSend(done, run(done, 'grade'))).toBeNull();
  });

  it('resumes at the stored position, keeping grades made before a reload', () => {
    const state = initialSession({ ...session, position: 2 }, 2);
    expect(state.index).toBe(2);
    expect(questionNumber(state)).toBe(3);
    expect(dailyStatsToSend(state, run(state, 'grade'))).toEqual({ wordsReviewed: 3 });
  });

  it('never counts more grades than words passed, and none for a fresh session', () => {
    expect(initialSession({ ...session, position: 1 }, 5).graded).toBe(1);
    expect(initialSession({ ...session, position: 0 }, 5).graded).toBe(0);
  });

  it('clamps a stored position beyond the end to finished', () => {
    expect(isFinished(initialSession({ ...session, position: 9 }))).toBe(true);
  });

  it('says the due words are done once the position reaches dueCount', () => {
    const partlyDue = initialSession({ ...session, dueCount: 1 });
    expect(dueWordsDone(partlyDue)).toBe(false);
    expect(dueWordsDone(run(partlyDue, 'grade'))).toBe(true);
    expect(dueWordsDone(run(partlyDue, 'grade', 'grade', 'grade'))).toBe(false);
    const allDue = initialSession(session);
    expect(dueWordsDone(run(allDue, 'grade', 'grade'))).toBe(false);
  });
});
