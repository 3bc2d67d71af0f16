import type { ChildPronoun } from '@spellwell/shared';
import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { useHistory } from '../api/get-history';
import { useTodayStats } from '../api/get-today-stats';
import { HistoryChart } from './history-chart';
import { OwnAnswers } from './own-answers';
import styles from './stats-card.module.css';
import { LoadFailed } from '../../../components/ui/load-failed';

interface Props {
  childId: string;
  /** For "Mei, on her own" beside the grades the child made alone (issue 36). */
  childName: string;
  pronoun: ChildPronoun;
}

/** Today's figures for one child, the child's own grades, and a 30-day chart of words reviewed. */
export function StatsCard({ childId, childName, pronoun }: Props) {
  const headingId = useId();
  const stats = useTodayStats(childId);
  const history = useHistory(childId);

  const figures = stats.data
    ? [
        { label: 'Words Today', value: stats.data.wordsReviewedToday, unit: '' },
        { label: 'All Time', value: stats.data.wordsReviewedAllTime, unit: '' },
        {
          label: 'Best Streak',
          value: stats.data.highestStreak,
          unit: stats.data.highestStreak === 1 ? 'day' : 'days',
        },
        { label: 'Sets Completed', value: stats.data.dailyStatsCount, unit: '' },
      ]
    : null;

  return (
    <Card as="section" aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        Today
      </h2>
      {stats.isError ? (
        <LoadFailed size="sm" onRetry={() => void stats.refetch()}>
          Today's figures could not be loaded.
        </LoadFailed>
      ) : (
        <dl className={styles.figures} aria-busy={stats.isPending || undefined}>
          {(figures ?? PLACEHOLDERS).map((figure) => (
            <div key={figure.label} className={styles.figure}>
              <dt className={styles.label}>{figure.label}</dt>
              <dd className={styles.value}>
                {figures ? (
                  figure.value
                ) : (
                  <span className={styles.skeletonValue}>
                    <span className="visually-hidden">Loading</span>
                  </span>
                )}
                {figures && figure.unit ? <span className={styles.unit}> {figure.unit}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {stats.data ? (
        <OwnAnswers
          name={childName}
          pronoun={pronoun}
          answers={stats.data.ownAnswersToday}
          total={stats.data.onOwnToday}
        />
      ) : null}
      {history.data ? (
        <HistoryChart days={history.data.days} pronoun={pronoun} />
      ) : history.isError ? (
        <LoadFailed size="sm" onRetry={() => void history.refetch()}>
          The last 30 days could not be loaded.
        </LoadFailed>
      ) : (
        <div className={styles.chartSkeleton} aria-hidden="true" />
      )}
    </Card>
  );
}

const PLACEHOLDERS = ['Words Today', 'All Time', 'Best Streak', 'Sets Completed'].map((label) => ({
  label,
  value: 0,
  unit: '',
}));
