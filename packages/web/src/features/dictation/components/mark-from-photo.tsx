import { MARKING_MESSAGES, type SheetMarking } from '@spellwell/shared';
import { useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMarkSheetPhoto } from '../api/mark-sheet-photo';
import styles from './mark-from-photo.module.css';

interface Props {
  childId: string;
  sheetId: string;
  /** The marks came back: the grading sheet is prefilled from them (nothing is saved). */
  onMarked: (marking: SheetMarking) => void;
}

/**
 * "Mark from a photo" (issue 39): the parent photographs the child's sheet; the server checks
 * each answer against the word expected and the grading sheet is prefilled for the parent to
 * check. The caveat is always said: fonts are not children's hands, and Save decides.
 */
export function MarkFromPhoto({ childId, sheetId, onMarked }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const marking = useMarkSheetPhoto();
  const pick = (file: File | undefined) => {
    if (!file) return;
    marking.mutate({ childId, sheetId, file }, { onSuccess: onMarked });
  };
  return (
    <section className={styles.box} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.title}>
        Mark from a photo
      </h2>
      <p className={styles.help}>
        Photograph your child&apos;s sheet from above, all four black corner squares in view. The words are
        checked against this list; nothing is graded until you save.
      </p>
      <input
        ref={input}
        id={inputId}
        className={styles.file}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="Photo of the child's sheet"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={marking.isPending}
        onClick={() => input.current?.click()}
      >
        {marking.isPending ? 'Marking...' : 'Mark from a photo'}
      </Button>
      {marking.isError ? (
        <Alert tone="error">
          {marking.error instanceof Error ? marking.error.message : 'The photo could not be marked.'}
        </Alert>
      ) : null}
      {marking.isSuccess ? (
        <p className={styles.caveat} role="status">
          {MARKING_MESSAGES.caveat}
        </p>
      ) : null}
    </section>
  );
}
