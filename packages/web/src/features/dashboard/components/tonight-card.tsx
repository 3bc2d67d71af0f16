import { onTheirOwn, type ChildWithWordSets } from '@spellwell/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useTodayStats } from '../api/get-today-stats';
import { readinessWords } from '../lib/readiness-words';
import { childDueCount, nearestTest, testWhen } from '../lib/tonight';
import styles from './tonight-card.module.css';

interface Props {
  child: ChildWithWordSets;
  /** The parent's local day, "yyyy-MM-dd". */
  today: string;
}

/**
 * Tonight, at the top of a child's tab (issue 35 item 1): the nearest test, the words due
 * across the child's sets, the nearest test's prediction, and one Start that practises all
 * of tonight's words, nearest test first. Kept short so it is above the fold on a phone.
 */
export function TonightCard({ child, today }: Props) {
  const headingId = useId();
  const due = childDueCount(child.wordSets, today);
  const nearest = nearestTest(child.wordSets, today);
  // The child's grades on their own device today (issue 36): the same query as the figures.
  const onOwn = useTodayStats(child.id).data?.onOwnToday ?? 0;
  const likely = nearest
    ? readinessWords(nearest.readiness, nearest.practisedCount, nearest.testDate, today)
    : null;
  return (
    <Card as="section" aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        {due > 0
          ? `Tonight: ${due} ${due === 1 ? 'word' : 'words'} due for ${child.name}.`
          : `Nothing due tonight for ${child.name}.`}
      </h2>
      {nearest ? (
        <p className={styles.nearest}>
          <span>{testWhen(nearest.testDate, today)}</span>
          <span className={styles.name}>{nearest.description}</span>
        </p>
      ) : (
        <p className={styles.nearest}>No test ahead.</p>
      )}
      {likely ? <p className={styles.likely}>{likely}</p> : null}
      {onOwn > 0 ? (
        <p className={styles.likely} data-testid="tonight-on-own">
          {onTheirOwn(child.name, child.pronoun)} today: {onOwn} {onOwn === 1 ? 'word' : 'words'} done.
        </p>
      ) : null}
      {due > 0 ? (
        <Link to={paths.tonight.getHref(child.id)} className={styles.start}>
          Start
        </Link>
      ) : null}
    </Card>
  );
}
