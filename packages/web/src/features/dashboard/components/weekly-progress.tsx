import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { useWeeklyProgress } from '../api/get-weekly-progress';
import { weekLabel, weeksSummary } from '../lib/weekly-words';
import styles from './weekly-progress.module.css';
import { LoadFailed } from '../../../components/ui/load-failed';

/**
 * Progress over weeks (issue 35 item 8): per week, the words practised as a bar and the part
 * right first time filled in; each week is also said in words, for a screen reader and a tap.
 */
export function WeeklyProgressCard({ childId }: { childId: string }) {
  const headingId = useId();
  const progress = useWeeklyProgress(childId);
  const weeks = progress.data?.weeks;
  const max = Math.max(1, ...(weeks ?? []).map((w) => w.wordsPractised));
  return (
    <Card as="section" aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        Last 12 weeks
      </h2>
      {progress.isError ? (
        <LoadFailed size="sm" onRetry={() => void progress.refetch()}>
          The last 12 weeks could not be loaded.
        </LoadFailed>
      ) : weeks ? (
        <>
          <p className={styles.summary}>{weeksSummary(weeks)}</p>
          <ol className={styles.bars} aria-label="Words practised each week">
            {weeks.map((week) => (
              <li key={week.weekStart} className={styles.week} title={weekLabel(week)}>
                <span className="visually-hidden">{weekLabel(week)}</span>
                <span
                  className={styles.bar}
                  aria-hidden="true"
                  style={{ height: `${(week.wordsPractised / max) * 100}%` }}
                >
                  <span
                    className={styles.right}
                    style={{
                      height: week.wordsPractised
                        ? `${(week.firstTimeRight / week.wordsPractised) * 100}%`
                        : 0,
                    }}
                  />
                </span>
              </li>
            ))}
          </ol>
          <p className={styles.key} aria-hidden="true">
            <span className={styles.swatchRight} /> right first time <span className={styles.swatchAll} />{' '}
            practised
          </p>
        </>
      ) : (
        <div className={styles.skeleton} aria-hidden="true" />
      )}
    </Card>
  );
}
