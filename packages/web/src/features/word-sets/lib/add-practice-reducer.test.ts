import type { CreateWordSet, WordSetSummary } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import {
  addPracticeReducer,
  initialAddPractice,
  nextSaveStep,
  sameWords,
  type AddPracticeAction,
  type AddPracticeState,
  type PendingSave,
} from './add-practice-reducer';

const TODAY = '2030-01-06';
const values = (over: Partial<CreateWordSet> = {}): CreateWordSet =>
  ({
    testDate: '2030-01-10',
    description: 'Week 4',
    language: 'English',
    words: 'orbit\ncomet',
    planForTestDate: true,
    ...over,
  }) as CreateWordSet;
const week3: WordSetSummary = {
  id: 'set-3',
  testDate: '2030-01-07',
  description: 'Week 3',
  language: 'English',
  wordCount: 3,
  dueCount: 3,
  resumeAt: null,
  words: ['apple', 'banana', 'cherry'],
  planForTestDate: false,
  readiness: { expectedCorrect: 1.5, wordCount: 3, atRisk: [], range: { low: 1, high: 3 } },
  testResult: null,
  predictedForTest: null,
  practisedCount: 0,
  masteredCount: 0,
};
const run = (...actions: AddPracticeAction[]) => actions.reduce(addPracticeReducer, initialAddPractice);

describe('addPracticeReducer', () => {
  it('keeps the official list and its school, and a list without a school keeps the one typed', () => {
    const chosen = run({ type: 'official-chosen', id: 'o1', school: 'Rosyth' });
    expect(chosen).toMatchObject({ officialId: 'o1', school: 'Rosyth' });
    expect(addPracticeReducer(chosen, { type: 'official-chosen', id: '' })).toMatchObject({
      officialId: '',
      school: 'Rosyth',
    });
  });

  it('checks the school only once a save was tried, then follows the typing', () => {
    const typed = run({ type: 'school-typed', value: 'x'.repeat(500) });
    expect(typed.schoolError).toBeNull();
    const checked = addPracticeReducer(typed, { type: 'school-checked' });
    expect(checked.schoolError).toEqual(expect.any(String));
    expect(addPracticeReducer(checked, { type: 'school-typed', value: 'Rosyth' }).schoolError).toBeNull();
  });

  it('a past date accepted is remembered by its date; cancelled, it is not', () => {
    const pending: PendingSave = { values: values({ testDate: '2030-01-01' }), target: 'child' };
    const asked = run({ type: 'ask-past-date', pending });
    expect(asked.pastDate).toBe(pending);
    expect(addPracticeReducer(asked, { type: 'past-date-cancelled' })).toMatchObject({
      pastDate: null,
      pastDateAccepted: null,
    });
    expect(addPracticeReducer(asked, { type: 'past-date-accepted' })).toMatchObject({
      pastDate: null,
      pastDateAccepted: '2030-01-01',
    });
  });

  it('a reset forgets everything, the photo under review and the questions included', () => {
    const file = new File(['x'], 'sheet.jpg');
    const busy = run(
      { type: 'official-chosen', id: 'o1', school: 'Rosyth' },
      { type: 'review-started', file },
      { type: 'ask-reset' },
    );
    expect(busy).toMatchObject({ reviewing: file, confirmReset: true });
    expect(addPracticeReducer(busy, { type: 'reset' })).toEqual(initialAddPractice);
    expect(addPracticeReducer(busy, { type: 'reset-cancelled' })).toEqual({ ...busy, confirmReset: false });
  });
});

describe('nextSaveStep', () => {
  const save = (over: Partial<CreateWordSet>): PendingSave => ({ values: values(over), target: 'child' });

  it('saves a new list with a date ahead', () => {
    expect(nextSaveStep(initialAddPractice, save({}), TODAY, [week3])).toEqual({ type: 'save' });
  });

  it('asks about a past date once for that date, and again for another', () => {
    const pending = save({ testDate: '2030-01-01' });
    expect(nextSaveStep(initialAddPractice, pending, TODAY, [])).toEqual({ type: 'ask-past-date', pending });
    const accepted: AddPracticeState = { ...initialAddPractice, pastDateAccepted: '2030-01-01' };
    expect(nextSaveStep(accepted, pending, TODAY, [])).toEqual({ type: 'save' });
    expect(nextSaveStep(accepted, save({ testDate: '2030-01-02' }), TODAY, []).type).toBe('ask-past-date');
    // The date just accepted, before the state has it.
    expect(nextSaveStep(initialAddPractice, pending, TODAY, [], '2030-01-01')).toEqual({ type: 'save' });
  });

  it('asks about a list the child has once: the same words in another order, or the same description and date', () => {
    const sameList = save({ words: 'cherry\nApple\nbanana' });
    const step = nextSaveStep(initialAddPractice, sameList, TODAY, [week3]);
    expect(step).toEqual({ type: 'ask-duplicate', pending: { ...sameList, of: week3 } });
    const asked = addPracticeReducer(initialAddPractice, step as AddPracticeAction);
    expect(nextSaveStep(asked, sameList, TODAY, [week3])).toEqual({ type: 'save' });
    expect(sameWords({ ...sameList, of: week3 })).toBe(true);

    const sameName = save({ description: 'week 3', testDate: '2030-01-07' });
    const named = nextSaveStep(initialAddPractice, sameName, TODAY, [week3]);
    expect(named.type).toBe('ask-duplicate');
    expect(sameWords({ ...sameName, of: week3 })).toBe(false);
  });
});
