import {
  OCR_EMPTY_MESSAGES,
  WORDS_TEXTAREA_ROWS,
  formatDisplayDate,
  isLanguage,
  type WordSetSummary,
} from '@spellwell/shared';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useAddPracticeController, type AddPracticeController } from '../hooks/use-add-practice-controller';
import { sameWords } from '../lib/add-practice-reducer';
import type { OfficialFilter } from '../lib/official-groups';
import { PinyinPreview } from '../pinyin/pinyin-preview';
import { OfficialTestSelect } from './official-test-select';
import { PlanField } from './plan-switch';
import { PracticeDetailFields } from './practice-detail-fields';
import { SchoolField } from './school-field';
import { ScanReview } from './scan-review';
import { ScanWordsLink } from './scan-words-link';
import { SharedPhotoConfirm } from './shared-photo-confirm';
import type { SharedPhoto } from './use-shared-photo-scan';
import styles from './word-set-form.module.css';

export { SAVED_MS } from '../hooks/use-add-practice-controller';

const NONE: readonly WordSetSummary[] = [];

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

/** Add New Practice: the view of useAddPracticeController's state (hooks/, lib/add-practice-reducer.ts). */
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
  const {
    state,
    dispatch,
    form,
    draft,
    shared,
    scan,
    practice,
    language,
    lang,
    busy,
    chooseOfficial,
    resetAll,
    canScan,
    scanFile,
    addScanned,
    submit,
    askReset,
    confirmPastDate,
    cancelPastDate,
    saveDuplicateAnyway,
  } = useAddPracticeController({ childId, parentId, dashboardHref, existing, sharedPhoto });
  const { errors } = form.formState;
  const { pastDate, duplicate, reviewing } = state;

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit('child')}
      onReset={(event) => {
        event.preventDefault();
        askReset();
      }}
    >
      {draft.restored ? (
        <Alert
          tone="info"
          action={
            <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'ask-reset' })}>
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
        open={state.confirmReset}
        danger
        title="Clear this practice?"
        description="The test date, description, language and words typed here go."
        confirmLabel="Clear"
        onCancel={() => dispatch({ type: 'reset-cancelled' })}
        onConfirm={resetAll}
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
        onCancel={cancelPastDate}
        onConfirm={confirmPastDate}
      />
      <OfficialTestSelect value={state.officialId} onChoose={chooseOfficial} filter={officialFilter} />
      <PracticeDetailFields
        fields={{
          testDate: form.register('testDate'),
          description: form.register('description'),
          language: form.register('language', {
            // The "select the language first" hint is answered as soon as a language is picked.
            onChange: (event: { target: { value: string } }) => {
              if (isLanguage(event.target.value) && form.getFieldState('language').error?.type === 'scan')
                form.clearErrors('language');
            },
          }),
        }}
        errors={{
          testDate: errors.testDate?.message,
          description: errors.description?.message,
          language: errors.language?.message,
        }}
        lang={lang}
        afterTestDate={<PlanField {...form.register('planForTestDate')} />}
        languagePlaceholder="Select language"
      />
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
          onCancel={() => dispatch({ type: 'review-ended' })}
        />
      ) : null}
      {duplicate ? (
        <Alert
          tone="info"
          title={`${childName ?? 'This child'} already has this list.`}
          action={
            <>
              <Button variant="secondary" size="sm" onClick={saveDuplicateAnyway}>
                Save it again
              </Button>{' '}
              <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'duplicate-cleared' })}>
                Cancel
              </Button>
            </>
          }
        >
          “{duplicate.of.description}”, test {formatDisplayDate(duplicate.of.testDate)}, has the same{' '}
          {sameWords(duplicate) ? 'words' : 'description and date'}. A second copy splits the child’s progress
          in two.
        </Alert>
      ) : null}
      {isAdmin ? (
        <SchoolField
          value={state.school}
          error={state.schoolError}
          onChange={(value) => dispatch({ type: 'school-typed', value })}
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
  form: AddPracticeController['form'];
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
