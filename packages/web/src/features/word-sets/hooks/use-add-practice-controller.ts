import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateWordSetSchema,
  LANGUAGE_TAGS,
  MESSAGES,
  browserTimeZone,
  isLanguage,
  joinWordList,
  localDate,
  type CreateWordSet,
  type CreateWordSetForm,
  type OfficialWordSet,
  type WordSetSummary,
} from '@spellwell/shared';
import { useEffect, useReducer } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useScanImage } from '../api/scan-image';
import { checkSchool } from '../components/school-field';
import { usePracticeDraft } from '../components/use-practice-draft';
import { useSavePractice } from '../components/use-save-practice';
import { useSharedPhotoScan, type SharedPhoto } from '../components/use-shared-photo-scan';
import {
  addPracticeReducer,
  initialAddPractice,
  nextSaveStep,
  type PendingSave,
  type SaveTarget,
} from '../lib/add-practice-reducer';
import { mergeScannedWords } from '../lib/merge-scanned-words';

/** How long "Practice Added" / "Added to Both" shows before going back to the dashboard. */
export const SAVED_MS = 900;

export const EMPTY_PRACTICE: CreateWordSetForm = {
  testDate: '',
  description: '',
  language: '',
  words: '',
  planForTestDate: true,
};

export interface AddPracticeOptions {
  childId: string;
  parentId: string;
  dashboardHref: string;
  existing: readonly WordSetSummary[];
  sharedPhoto: SharedPhoto | null;
}

/**
 * Add New Practice's side effects around its reducer (lib/add-practice-reducer.ts), as
 * use-practice-controller does for the practice: the form, its draft, scanning, saving, the
 * questions asked before a save, and the way back to the dashboard once saved.
 */
export function useAddPracticeController({
  childId,
  parentId,
  dashboardHref,
  existing,
  sharedPhoto,
}: AddPracticeOptions) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(addPracticeReducer, initialAddPractice);
  const scan = useScanImage();
  const practice = useSavePractice(childId);
  const form = useForm<CreateWordSetForm, unknown, CreateWordSet>({
    resolver: zodResolver(CreateWordSetSchema),
    defaultValues: EMPTY_PRACTICE,
  });
  const draft = usePracticeDraft(form, childId);
  // Opened by "Share to SpellWell": the shared photo is shown, and scanned as if chosen in the
  // picker once the parent says so.
  const shared = useSharedPhotoScan(sharedPhoto, form, existing, scanFile, canScan);
  const language = form.watch('language');
  const lang = isLanguage(language) ? LANGUAGE_TAGS[language] : undefined;

  useEffect(() => {
    if (!practice.saved) return;
    // Saved: the draft has done its job.
    draft.discard();
    const timer = setTimeout(() => {
      form.reset(EMPTY_PRACTICE);
      draft.discard();
      navigate(dashboardHref);
    }, SAVED_MS);
    return () => clearTimeout(timer);
  }, [practice.saved, form, navigate, dashboardHref, draft]);

  function chooseOfficial(id: string, set: OfficialWordSet | undefined) {
    dispatch({ type: 'official-chosen', id, school: set?.school });
    if (!set) return;
    const { testDate, description, language: setLanguage, words } = set;
    form.reset(
      { testDate, description, language: setLanguage, words: joinWordList(words) },
      { keepDefaultValues: true },
    );
  }

  function resetAll() {
    form.reset(EMPTY_PRACTICE);
    dispatch({ type: 'reset' });
    scan.reset();
    practice.reset();
    draft.discard();
  }

  function canScan(): boolean {
    if (isLanguage(form.getValues('language'))) return true;
    form.setError('language', { type: 'scan', message: MESSAGES.selectLanguageFirst });
    form.setFocus('language');
    return false;
  }

  async function scanFile(file: File) {
    const chosen = form.getValues('language');
    if (!isLanguage(chosen)) return;
    dispatch({ type: 'review-ended' });
    const result = await scan.mutateAsync({ file, parentId, language: chosen }).catch(() => null);
    if (!result || result.text.trim() === '') return;
    // An answer with lines is reviewed first; the words box gets what the parent keeps.
    if (result.lines?.length) dispatch({ type: 'review-started', file });
    else addScanned(result.text);
  }

  function addScanned(text: string) {
    dispatch({ type: 'review-ended' });
    form.setValue('words', mergeScannedWords(form.getValues('words'), text), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }

  async function proceed(pending: PendingSave, acceptedDate?: string) {
    const step = nextSaveStep(state, pending, localDate(browserTimeZone()), existing, acceptedDate);
    if (step.type !== 'save') return dispatch(step);
    dispatch({ type: 'duplicate-cleared' });
    await practice.save(pending.values, pending.target, state.school);
  }

  const submit = (target: SaveTarget) =>
    form.handleSubmit(async (values) => {
      if (practice.saved !== null) return;
      if (target === 'both') {
        dispatch({ type: 'school-checked' });
        if (checkSchool(state.school)) return;
      }
      await proceed({ values, target });
    });

  return {
    state,
    dispatch,
    form,
    draft,
    shared,
    scan,
    practice,
    language,
    lang,
    // Once saved the buttons keep their green "done" look (not greyed out) but do nothing more.
    busy: practice.saving !== null || scan.isPending,
    chooseOfficial,
    resetAll,
    canScan,
    scanFile,
    addScanned,
    submit,
    /** "Clear" (or Reset on an empty form): everything typed, chosen and scanned goes. */
    askReset() {
      // Typed work goes only once the parent says so.
      if (Object.values(form.getValues()).some((value) => value !== '')) dispatch({ type: 'ask-reset' });
      else resetAll();
    },
    confirmPastDate() {
      const pending = state.pastDate;
      dispatch({ type: 'past-date-accepted' });
      if (pending) void proceed(pending, pending.values.testDate);
    },
    cancelPastDate() {
      dispatch({ type: 'past-date-cancelled' });
      form.setFocus('testDate');
    },
    saveDuplicateAnyway() {
      const pending = state.duplicate;
      dispatch({ type: 'duplicate-cleared' });
      if (pending) void practice.save(pending.values, pending.target, state.school);
    },
  };
}

export type AddPracticeController = ReturnType<typeof useAddPracticeController>;
