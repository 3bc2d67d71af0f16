import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './congratulations.module.css';

interface Props {
  graded: number;
  count: number;
  onBack: () => void;
  onPractiseAgain: () => void;
  /** What helps the parent next (counts, tricky words, when, who): under the summary. */
  children?: ReactNode;
}

const PIECES = Array.from({ length: 14 }, (_, i) => i);

/** The moment for the child: a big friendly message, a short CSS celebration, then the way back. */
export function Congratulations({ graded, count, onBack, onPractiseAgain, children }: Props) {
  const title = useRef<HTMLHeadingElement>(null);
  // The buttons that led here are gone: bring keyboard and screen-reader users to the news.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className={styles.wrap} aria-labelledby="congratulations-title">
      <div className={styles.confetti} aria-hidden="true">
        {PIECES.map((i) => (
          <span key={i} className={styles.piece} />
        ))}
      </div>
      <p className={styles.star} aria-hidden="true">
        ★
      </p>
      <h1 id="congratulations-title" className={styles.title} ref={title} tabIndex={-1}>
        Congratulations!
      </h1>
      <p className={styles.summary}>
        {graded === 1 ? '1 word' : `${graded} words`} practised out of {count}.
      </p>
      {children}
      <div className={styles.actions}>
        <Button size="lg" block onClick={onBack}>
          Back to Dashboard
        </Button>
        <Button variant="ghost" block onClick={onPractiseAgain}>
          Practise Again
        </Button>
      </div>
    </section>
  );
}
