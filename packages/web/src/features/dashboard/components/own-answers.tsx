import {
  GRADE_LABELS,
  onTheirOwn,
  strokesLabel,
  triesLabel,
  type ChildPronoun,
  type Grade,
  type TodayStats,
} from '@spellwell/shared';
import styles from './stats-card.module.css';

interface Props {
  name: string;
  pronoun: ChildPronoun;
  answers: TodayStats['ownAnswersToday'];
  total: number;
}

/**
 * Today's grades the child made alone on their device (issue 36), with what they typed, so the
 * parent sees them beside the figures; any can be graded again in practice.
 */
export function OwnAnswers({ name, pronoun, answers, total }: Props) {
  if (total === 0) return null;
  return (
    <section className={styles.own} aria-label={`${onTheirOwn(name, pronoun)} today`}>
      <h3 className={styles.ownHeading}>
        {onTheirOwn(name, pronoun)} today: {total} {total === 1 ? 'word' : 'words'}
      </h3>
      <ul className={styles.ownList} data-testid="own-answers">
        {answers.map((a, i) => (
          <li key={`${a.wordId ?? 'removed'}-${i}`}>
            <strong>{a.word ?? 'A removed word'}</strong>: {GRADE_LABELS[a.quality as Grade]} (
            {a.mistakes !== undefined
              ? strokesLabel(a.mistakes)
              : `typed “${a.answer}”, ${triesLabel(a.attempts)}`}
            )
          </li>
        ))}
      </ul>
    </section>
  );
}
