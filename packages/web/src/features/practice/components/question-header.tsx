import { LANGUAGE_TAGS, type Language } from '@spellwell/shared';
import { BackIcon } from '../../../components/ui/icons';
import styles from './question-header.module.css';

interface Props {
  question: number;
  count: number;
  childName: string | undefined;
  listName: string;
  language: Language;
  onBack: () => void;
  onOpenWordList: () => void;
}

/**
 * Back, "Question n" (small and muted), the Word List button, whose practice it is ("Mei ·
 * Week 3", "5 of 8"), and a thin progress bar.
 */
export function QuestionHeader({
  question,
  count,
  childName,
  listName,
  language,
  onBack,
  onOpenWordList,
}: Props) {
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <button type="button" className={styles.back} aria-label="Back to dashboard" onClick={onBack}>
          <BackIcon size={24} />
        </button>
        <h1 className={styles.question}>Question {question}</h1>
        <button type="button" className={styles.wordList} onClick={onOpenWordList} aria-haspopup="dialog">
          Word List
        </button>
      </div>
      <p className={styles.whose}>
        <span className={styles.names}>
          {childName ? (
            <>
              <span className={styles.colour} aria-hidden="true" data-testid="child-colour" />
              <strong>{childName}</strong>
            </>
          ) : null}
          {childName ? ' · ' : null}
          <span lang={LANGUAGE_TAGS[language]}>{listName}</span>
        </span>
        <span className={styles.count}>
          {question} of {count}
        </span>
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={count}
        aria-valuenow={question}
        aria-valuetext={`Question ${question} of ${count}`}
      >
        <div className={styles.fill} style={{ width: count ? `${(question / count) * 100}%` : '0%' }} />
      </div>
    </header>
  );
}
