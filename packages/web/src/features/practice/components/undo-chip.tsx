import { GRADE_LABELS, LANGUAGE_TAGS, type Language } from '@spellwell/shared';
import type { LastGrade } from '../hooks/use-practice-controller';
import styles from './undo-chip.module.css';

interface Props {
  lastGrade: LastGrade | null;
  undoing: boolean;
  onUndo: () => void;
  /** The graded word's language, so a Chinese or Tamil word is drawn and read as such. */
  languageOf: (wordId: string) => Language;
}

/**
 * The quiet confirmation of the grade just taken, with Undo for a few seconds. Always in the
 * layout (empty when there is nothing to say), so it never moves the buttons under a thumb.
 */
export function UndoChip({ lastGrade, undoing, onUndo, languageOf }: Props) {
  return (
    <div className={styles.slot} role="status">
      {lastGrade ? (
        <span className={styles.chip}>
          {/* The word, not its question number: a parent remembers which word it was (issue 35). */}
          <span>
            “<span lang={LANGUAGE_TAGS[languageOf(lastGrade.wordId)]}>{lastGrade.wordString}</span>”:{' '}
            {GRADE_LABELS[lastGrade.quality]} ✓
          </span>
          <button
            type="button"
            className={styles.undo}
            onClick={onUndo}
            disabled={undoing}
            aria-keyshortcuts="U"
          >
            {undoing ? 'Undoing...' : 'Undo'}
          </button>
        </span>
      ) : null}
    </div>
  );
}
