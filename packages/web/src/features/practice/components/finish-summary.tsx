import { LANGUAGE_TAGS, type Language } from '@spellwell/shared';
import { Button } from '../../../components/ui/button';
import type { FinishSummary as Summary } from '../lib/session-outcomes';
import { useContext } from 'react';
import { NextChildSlot } from './next-child-link';
import styles from './finish-summary.module.css';

interface Props {
  childId: string;
  summary: Summary;
  language: Language;
  /** "Next practice: …", or null when the list has no words. */
  nextPractice: string | null;
  onSecondPass: () => void;
}

/**
 * What the parent needs after the last word (issue 17 item 6): how it went, the words to look
 * at again, when to come back, and who is next. Below the specification's own finish texts.
 */
export function FinishSummary({ childId, summary, language, nextPractice, onSecondPass }: Props) {
  const { easy, medium, difficult, skipped, tricky } = summary;
  const NextChild = useContext(NextChildSlot);
  return (
    <div className={styles.wrap}>
      <ul className={styles.counts} aria-label="This session">
        <li className={styles.easy}>
          <strong>{easy}</strong> Easy
        </li>
        <li className={styles.medium}>
          <strong>{medium}</strong> Medium
        </li>
        <li className={styles.difficult}>
          <strong>{difficult}</strong> Difficult
        </li>
      </ul>
      {skipped > 0 && (
        <p className={styles.skipped}>{skipped === 1 ? '1 word' : `${skipped} words`} skipped</p>
      )}
      {tricky.length > 0 && (
        <section className={styles.tricky} aria-labelledby="tricky-words-title">
          <h2 id="tricky-words-title" className={styles.heading}>
            Tricky words
          </h2>
          <ul className={styles.trickyList} lang={LANGUAGE_TAGS[language]}>
            {tricky.map((word) => (
              <li key={word.id}>{word.wordString}</li>
            ))}
          </ul>
          <Button variant="secondary" block onClick={onSecondPass}>
            Go over the tricky words again
          </Button>
          <p className={styles.muted}>A second look only: their schedule stays as graded.</p>
        </section>
      )}
      {nextPractice && <p className={styles.when}>{nextPractice}</p>}
      {NextChild ? <NextChild childId={childId} /> : null}
    </div>
  );
}
