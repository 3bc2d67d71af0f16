import type { CreateWordSet, WordSetSummary } from '@spellwell/shared';
import { checkSchool } from '../components/school-field';
import { findDuplicatePractice } from './duplicate-practice';

/**
 * Add New Practice's own state as a pure reducer (the form's fields are react-hook-form's): the
 * official list and school chosen, the questions asked before a save (a past test date, a list
 * the child already has), the photo under review and the "clear this practice?" question.
 * hooks/use-add-practice-controller.ts owns the side effects.
 */
export type SaveTarget = 'child' | 'both';

export interface PendingSave {
  values: CreateWordSet;
  target: SaveTarget;
}

export interface PendingDuplicate extends PendingSave {
  of: WordSetSummary;
}

export interface AddPracticeState {
  officialId: string;
  /** The admin's school for "Save Practice + Official". */
  school: string;
  schoolError: string | null;
  /** A save whose test date has passed, waiting for the parent's word (issue 17 item 8). */
  pastDate: PendingSave | null;
  /** The past date the parent said yes to: not asked again. */
  pastDateAccepted: string | null;
  /** A save that repeats one of the child's practices, waiting for the parent's word. */
  duplicate: PendingDuplicate | null;
  /** The photo being reviewed; its lines are in the scan's answer. */
  reviewing: File | null;
  confirmReset: boolean;
}

export const initialAddPractice: AddPracticeState = {
  officialId: '',
  school: '',
  schoolError: null,
  pastDate: null,
  pastDateAccepted: null,
  duplicate: null,
  reviewing: null,
  confirmReset: false,
};

export type AddPracticeAction =
  | { type: 'official-chosen'; id: string; school?: string }
  | { type: 'school-typed'; value: string }
  | { type: 'school-checked' }
  | { type: 'ask-past-date'; pending: PendingSave }
  | { type: 'past-date-cancelled' }
  | { type: 'past-date-accepted' }
  | { type: 'ask-duplicate'; pending: PendingDuplicate }
  | { type: 'duplicate-cleared' }
  | { type: 'review-started'; file: File }
  | { type: 'review-ended' }
  | { type: 'ask-reset' }
  | { type: 'reset-cancelled' }
  | { type: 'reset' };

export function addPracticeReducer(state: AddPracticeState, action: AddPracticeAction): AddPracticeState {
  switch (action.type) {
    case 'official-chosen':
      return { ...state, officialId: action.id, school: action.school ?? state.school };
    case 'school-typed':
      // An error already shown follows the typing; none is shown before a save is tried.
      return {
        ...state,
        school: action.value,
        schoolError: state.schoolError ? checkSchool(action.value) : null,
      };
    case 'school-checked':
      return { ...state, schoolError: checkSchool(state.school) };
    case 'ask-past-date':
      return { ...state, pastDate: action.pending };
    case 'past-date-cancelled':
      return { ...state, pastDate: null };
    case 'past-date-accepted':
      return { ...state, pastDate: null, pastDateAccepted: state.pastDate?.values.testDate ?? null };
    case 'ask-duplicate':
      return { ...state, duplicate: action.pending };
    case 'duplicate-cleared':
      return { ...state, duplicate: null };
    case 'review-started':
      return { ...state, reviewing: action.file };
    case 'review-ended':
      return { ...state, reviewing: null };
    case 'ask-reset':
      return { ...state, confirmReset: true };
    case 'reset-cancelled':
      return { ...state, confirmReset: false };
    case 'reset':
      return initialAddPractice;
  }
}

/**
 * What a save of these values does next: ask about a test date already past (most likely a
 * typing slip; once per date), ask about a list the child already has (once per list), or save.
 */
export function nextSaveStep(
  state: AddPracticeState,
  pending: PendingSave,
  today: string,
  existing: readonly WordSetSummary[],
  acceptedDate: string | null = state.pastDateAccepted,
): AddPracticeAction | { type: 'save' } {
  if (pending.values.testDate < today && acceptedDate !== pending.values.testDate)
    return { type: 'ask-past-date', pending };
  const of = findDuplicatePractice(pending.values, existing);
  if (of && state.duplicate?.of.id !== of.id) return { type: 'ask-duplicate', pending: { ...pending, of } };
  return { type: 'save' };
}

/** Whether a duplicate repeats the words (rather than only the description and date). */
export function sameWords({ values, of }: PendingDuplicate): boolean {
  return findDuplicatePractice({ ...values, testDate: '', description: '' }, [of]) !== undefined;
}
