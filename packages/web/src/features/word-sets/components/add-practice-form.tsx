import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateWordSetSchema,
  DESCRIPTION_MAX,
  LANGUAGES,
  LANGUAGE_TAGS,
  MESSAGES,
  OCR_EMPTY_MESSAGES,
  WORDS_TEXTAREA_ROWS,
  isLanguage,
  joinWordList,
  type CreateWordSet,
  type CreateWordSetForm,
  type OfficialWordSet,
  type WordSetSummary,
  formatDisplayDate,
  browserTimeZone,
  localDate,
} from '@spellwell/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, SelectField, TextField } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useScanImage } from '../api/scan-image';
import { findDuplicatePractice } from '../lib/duplicate-practice';
import { mergeScannedWords } from '../lib/merge-scanned-words';
import type { OfficialFilter } from '../lib/official-groups';
import { OfficialTestSelect } from './official-test-select';
import { PlanField } from './plan-switch';
import { SchoolField, checkSchool } from './school-field';
import { ScanReview } from './scan-review';
import { PinyinPreview } from '../pinyin/pinyin-preview';
import { ScanWordsLink } from './scan-words-link';
import { usePracticeDraft } from './use-practice-draft';
import { SharedPhotoConfirm } from './shared-photo-confirm';
import { useSharedPhotoScan, type SharedPhoto } from './use-shared-photo-scan';
import { useSavePractice } from './use-save-practice';
import styles from './word-set-form.module.css';

/** How long "Practice Added" / "Added to Both" shows before going back to the dashboard. */
export const SAVED_MS = 900;

const NONE: readonly WordSetSummary[] = [];
const EMPTY: CreateWordSetForm = {
  testDate: '',
  description: '',
  language: '',
  words: '',
  planForTestDate: true,
};

interface AddPracticeFormProps {
  childId: string;
  parentId: string;
  isAdmin: boolean;
  /** Where a successful save (and the close button) leads. */
  dashboardHref: string;
  /** The child's practices: saving one that repeats them asks first. */
  existing?: readonly WordSetSummary[];
  childName?: string | undefined;
  /** A photo shared to SpellWell (issue 23): shown, and scanned when the parent says so (issue 41). */
  sharedPhoto?: SharedPhoto | null;
  /** The child's school and languages, which official lists are offered first (issue 35). */
  officialFilter?: OfficialFilter | undefined;
}

interface PendingSave {
  values: CreateWordSet;
  target: 'child' | 'both';
}

interface PendingDuplicate extends PendingSave {
  of: WordSetSummary;
}

export function AddPracticeForm({
  childId,
  parentId,
  isAdmin,
  dashboardHref,
  existing = NONE,
  childName,
  sharedPhoto = null,
  officialFilter,
}: AddPracticeFormProps) {
  const navigate = useNavigate();
  const [duplicate, setDuplicate] = useState<PendingDuplicate | null>(null);
  const [officialId, setOfficialId] = useState('');
  const [school, setSchool] = useState('');
  const [schoolError, setSchoolError] = useState<string | null>(null);
  /** A save whose test date has passed, waiting for the parent's word (issue 17 item 8). */
  const [pastDate, setPastDate] = useState<PendingSave | null>(null);
  const [pastDateAccepted, setPastDateAccepted] = useState<string | null>(null);
  const scan = useScanImage();
  // The photo being reviewed; its lines are in scan.data.
  const [reviewing, setReviewing] = useState<File | null>(null);
  const practice = useSavePractice(childId);
  const form = useForm<CreateWordSetForm, unknown, CreateWordSet>({
    resolver: zodResolver(CreateWordSetSchema),
    defaultValues: EMPTY,
  });
  const draft = usePracticeDraft(form, childId);
  // Opened by "Share to SpellWell": the shared photo is shown, and scanned as if chosen in the
  // picker once the parent says so.
  const shared = useSharedPhotoScan(sharedPhoto, form, existing, scanFile, canScan);
  const [confirmReset, setConfirmReset] = useState(false);
  const { errors } = form.formState;
  const language = form.watch('language');
  const lang = isLanguage(language) ? LANGUAGE_TAGS[language] : undefined;

  useEffect(() => {
    if (!practice.saved) return;
    // Saved: the draft has done its job.
    draft.discard();
    const timer = setTimeout(() => {
      form.reset(EMPTY);
      draft.discard();
      navigate(dashboardHref);
    }, SAVED_MS);
    return () => clearTimeout(timer);
  }, [practice.saved, form, navigate, dashboardHref, draft]);

  function chooseOfficial(id: string, set: OfficialWordSet | undefined) {
    setOfficialId(id);
    if (!set) return;
    setSchool(set.school);
    const { testDate, description, language, words } = set;
    form.reset({ testDate, description, language, words: joinWordList(words) }, { keepDefaultValues: true });
  }

  function resetAll() {
    form.reset(EMPTY);
    setOfficialId('');
    setSchool('');
    setSchoolError(null);
    setPastDate(null);
    setPastDateAccepted(null);
    scan.reset();
    setReviewing(null);
    practice.reset();
    setDuplicate(null);
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
    setReviewing(null);
    const result = await scan.mutateAsync({ file, parentId, language: chosen }).catch(() => null);
    if (!result || result.text.trim() === '') return;
    // An answer with lines is reviewed first; the words box gets what the parent keeps.
    if (result.lines?.length) setReviewing(file);
    else addScanned(result.text);
  }

  function addScanned(text: string) {
    setReviewing(null);
    form.setValue('words', mergeScannedWords(form.getValues('words'), text), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }

  // Once saved the buttons keep their green "done" look (not greyed out) but do nothing more.
  const busy = practice.saving !== null || scan.isPending;
  async function proceed(values: CreateWordSet, target: 'child' | 'both', acceptedDate = pastDateAccepted) {
    // A test already sat is most likely a typing slip: ask once for that date.
    if (values.testDate < localDate(browserTimeZone()) && acceptedDate !== values.testDate) {
      setPastDate({ values, target });
      return;
    }
    const of = findDuplicatePractice(values, existing);
    if (of && duplicate?.of.id !== of.id) {
      setDuplicate({ values, target, of });
      return;
    }
    setDuplicate(null);
    await practice.save(values, target, school);
  }

  const submit = (target: 'child' | 'both') =>
    form.handleSubmit(async (values) => {
      if (practice.saved !== null) return;
      if (target === 'both') {
        const problem = checkSchool(school);
        setSchoolError(problem);
        if (problem) return;
      }
      await proceed(values, target);
    });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit('child')}
      onReset={(event) => {
        event.preventDefault();
        // Typed work goes only once the parent says so.
        if (Object.values(form.getValues()).some((value) => value !== '')) setConfirmReset(true);
        else resetAll();
      }}
    >
      {draft.restored ? (
        <Alert
          tone="info"
          action={
            <Button variant="ghost" size="sm" onClick={() => setConfirmReset(true)}>
              Discard draft
            </Button>
          }
        >
          Your unsaved practice{childName ? ` for ${childName}` : ''} was kept. Carry on where you left off.
        </Alert>
      ) : null}
      {shared.notice ? <Alert tone="info">{shared.notice}</Alert> : null}
      {shared.waiting ? (
        <SharedPhotoConfirm
          photo={shared.waiting}
          language={isLanguage(language) ? language : null}
          onScan={shared.scan}
          onDiscard={shared.discard}
        />
      ) : null}
      <ConfirmDialog
        open={confirmReset}
        danger
        title="Clear this practice?"
        description="The test date, description, language and words typed here go."
        confirmLabel="Clear"
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          resetAll();
        }}
      />
      <ConfirmDialog
        open={pastDate !== null}
        title="That day has passed"
        description={
          pastDate
            ? `${formatDisplayDate(pastDate.values.testDate)} is before today. Save the practice with this date anyway?`
            : ''
        }
        confirmLabel="Save anyway"
        onCancel={() => {
          setPastDate(null);
          form.setFocus('testDate');
        }}
        onConfirm={() => {
          const pending = pastDate;
          setPastDate(null);
          if (!pending) return;
          setPastDateAccepted(pending.values.testDate);
          void proceed(pending.values, pending.target, pending.values.testDate);
        }}
      />
      <OfficialTestSelect value={officialId} onChoose={chooseOfficial} filter={officialFilter} />
      <TextField
        label="Test Date"
        type="date"
        error={errors.testDate?.message}
        {...form.register('testDate')}
      />
      <PlanField {...form.register('planForTestDate')} />
      <TextField
        label="Description"
        autoComplete="off"
        maxLength={DESCRIPTION_MAX + 1}
        lang={lang}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SelectField
        label="Language"
        error={errors.language?.message}
        {...form.register('language', {
          // The "select the language first" hint is answered as soon as a language is picked.
          onChange: (event: { target: { value: string } }) => {
            if (isLanguage(event.target.value) && form.getFieldState('language').error?.type === 'scan')
              form.clearErrors('language');
          },
        })}
      >
        <option value="">Select language</option>
        {LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <WordsField form={form} lang={lang} scanning={scan.isPending} canScan={canScan} onFile={scanFile} />
      <PinyinPreview control={form.control} language={language} />
      {scan.isError ? (
        <Alert tone="error" title="The image could not be scanned.">
          {scan.error.message}
        </Alert>
      ) : scan.isSuccess && scan.data.text.trim() === '' ? (
        <Alert tone="info">
          {scan.data.emptyReason && scan.data.emptyReason !== 'no_text'
            ? OCR_EMPTY_MESSAGES[scan.data.emptyReason]
            : 'No words could be read from that image. Try a sharper, well-lit photo.'}
        </Alert>
      ) : null}
      {reviewing && scan.data?.lines ? (
        <ScanReview
          key={scan.submittedAt}
          file={reviewing}
          lines={scan.data.lines}
          lang={lang}
          onAdd={addScanned}
          onCancel={() => setReviewing(null)}
        />
      ) : null}
      {duplicate ? (
        <Alert
          tone="info"
          title={`${childName ?? 'This child'} already has this list.`}
          action={
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setDuplicate(null);
                  void practice.save(duplicate.values, duplicate.target, school);
                }}
              >
                Save it again
              </Button>{' '}
              <Button variant="ghost" size="sm" onClick={() => setDuplicate(null)}>
                Cancel
              </Button>
            </>
          }
        >
          “{duplicate.of.description}”, test {formatDisplayDate(duplicate.of.testDate)}, has the same{' '}
          {findSameWords(duplicate) ? 'words' : 'description and date'}. A second copy splits the child’s
          progress in two.
        </Alert>
      ) : null}
      {isAdmin ? (
        <SchoolField
          value={school}
          error={schoolError}
          onChange={(value) => {
            setSchool(value);
            if (schoolError) setSchoolError(checkSchool(value));
          }}
        />
      ) : null}
      {practice.error ? <Alert tone="error">{practice.error}</Alert> : null}
      <div className={styles.actions}>
        <Button type="reset" variant="secondary" disabled={busy}>
          Reset
        </Button>
        <Button
          type="submit"
          variant={practice.saved === 'child' ? 'success' : 'primary'}
          loading={practice.saving === 'child'}
          disabled={busy}
          icon={practice.saved === 'child' ? <CheckIcon /> : undefined}
        >
          {practice.saved === 'child'
            ? 'Practice Added'
            : practice.saving === 'child'
              ? 'Saving...'
              : 'Save Practice'}
        </Button>
        {isAdmin ? (
          <Button
            variant={practice.saved === 'both' ? 'success' : 'secondary'}
            loading={practice.saving === 'both'}
            disabled={busy}
            icon={practice.saved === 'both' ? <CheckIcon /> : undefined}
            onClick={(event) => void submit('both')(event)}
          >
            {practice.saved === 'both'
              ? 'Added to Both'
              : practice.saving === 'both'
                ? 'Saving...'
                : 'Save Practice + Official'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

type WordsFieldProps = {
  form: ReturnType<typeof useForm<CreateWordSetForm, unknown, CreateWordSet>>;
  lang: string | undefined;
  scanning: boolean;
  canScan: () => boolean;
  onFile: (file: File) => Promise<unknown>;
};

/**
 * The words textarea, which a spinner replaces while an image is being scanned. The label and
 * the scan link stay mounted throughout, so the picker is the same element before and after.
 */
function WordsField({ form, lang, scanning, canScan, onFile }: WordsFieldProps) {
  const id = useId();
  const error = form.formState.errors.words?.message;
  const hint = (
    <>
      One word per line, or <ScanWordsLink canScan={canScan} onFile={onFile} disabled={scanning} />
    </>
  );
  return (
    <Field label="Words" hint={hint} id={id} error={error}>
      {scanning ? (
        <Spinner label="Scanning" showLabel />
      ) : (
        <textarea
          id={id}
          rows={WORDS_TEXTAREA_ROWS}
          lang={lang}
          spellCheck={false}
          autoCapitalize="off"
          className={styles.words}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          {...form.register('words')}
        />
      )}
    </Field>
  );
}

function findSameWords({ values, of }: PendingDuplicate): boolean {
  return findDuplicatePractice({ ...values, testDate: '', description: '' }, [of]) !== undefined;
}
