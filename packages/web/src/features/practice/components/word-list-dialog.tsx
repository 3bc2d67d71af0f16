import { LANGUAGE_TAGS, formatDisplayDate, type Language, type Word } from '@spellwell/shared';
import { Dialog } from '../../../components/ui/dialog';
import styles from './word-list-dialog.module.css';

interface Props {
  open: boolean;
  words: Word[];
  language: Language;
  /** Words the test-day planner moved from the usual schedule, with the usual date (issue 19). */
  plannedReviews?: readonly { wordId: string; ruleNextReview: string }[];
  onClose: () => void;
}

/** "Word List ({count} words)": every word, numbered in practice order, in a modal dialog. */
export function WordListDialog({ open, words, language, plannedReviews = [], onClose }: Props) {
  const usual = new Map(plannedReviews.map((p) => [p.wordId, p.ruleNextReview]));
  return (
    <Dialog open={open} onClose={onClose} title={`Word List (${words.length} words)`}>
      <ol className={styles.list} lang={LANGUAGE_TAGS[language]}>
        {words.map((word) => (
          <li key={word.id}>
            {word.wordString}
            {usual.has(word.id) && word.nextReview ? (
              <span className={styles.planned} lang="en">
                Next practice {formatDisplayDate(word.nextReview)}, planned for the test date (the usual
                schedule said {formatDisplayDate(usual.get(word.id)!)}).
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
