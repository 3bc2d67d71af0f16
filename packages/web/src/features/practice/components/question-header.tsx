import styles from './question-header.module.css';

interface Props {
  question: number;
  count: number;
  onBack: () => void;
  onOpenWordList: () => void;
}

/** Back, "Question n" (small and muted), the Word List button, and a thin progress bar. */
export function QuestionHeader({ question, count, onBack, onOpenWordList }: Props) {
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <button type="button" className={styles.back} aria-label="Back to dashboard" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className={styles.question}>Question {question}</h1>
        <button type="button" className={styles.wordList} onClick={onOpenWordList} aria-haspopup="dialog">
          Word List
        </button>
      </div>
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
