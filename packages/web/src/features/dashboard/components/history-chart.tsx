import type { History } from '@spellwell/shared';
import { historySummary } from '../lib/history-summary';
import styles from './stats-card.module.css';

const BAR_WIDTH = 8;
const GAP = 2;
const HEIGHT = 48;

/**
 * Words reviewed per day as plain SVG bars (no chart library: the dashboard stays light).
 * Screen readers get one summary sentence instead of thirty unlabelled shapes.
 */
export function HistoryChart({ days }: { days: History['days'] }) {
  const max = Math.max(1, ...days.map((day) => day.wordsReviewed));
  const width = days.length * (BAR_WIDTH + GAP) - GAP;
  return (
    <figure className={styles.chart}>
      <svg
        role="img"
        aria-label={historySummary(days)}
        viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={styles.svg}
      >
        {days.map((day, i) => {
          // Empty days keep a 1-unit stub so the baseline reads as a row of days.
          const height = day.wordsReviewed === 0 ? 1 : Math.max(3, (day.wordsReviewed / max) * HEIGHT);
          return (
            <rect
              key={day.date}
              x={i * (BAR_WIDTH + GAP)}
              y={HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              rx={1.5}
              className={day.wordsReviewed === 0 ? styles.emptyBar : styles.bar}
            />
          );
        })}
      </svg>
      <figcaption className={styles.caption} aria-hidden="true">
        Words reviewed, last {days.length} days
      </figcaption>
    </figure>
  );
}
