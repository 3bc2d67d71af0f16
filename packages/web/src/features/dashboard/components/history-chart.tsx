import type { ChildPronoun, History } from '@spellwell/shared';
import { useState } from 'react';
import { dayLabel, historySummary, shortDate } from '../lib/history-summary';
import styles from './stats-card.module.css';

const BAR_WIDTH = 8;
const GAP = 2;
const HEIGHT = 48;

/**
 * Words reviewed per day as plain SVG bars (no chart library: the dashboard stays light).
 * Screen readers get one summary sentence instead of thirty unlabelled shapes; everyone else
 * sees the dates at both ends, the top count, and a day's figure on hover or tap (issue 17
 * item 9: readable without a screen reader).
 */
export function HistoryChart({ days, pronoun }: { days: History['days']; pronoun?: ChildPronoun }) {
  const [picked, setPicked] = useState<number | null>(null);
  const max = Math.max(1, ...days.map((day) => day.wordsReviewed));
  const width = days.length * (BAR_WIDTH + GAP) - GAP;
  const shown = picked === null ? undefined : days[picked];
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className={styles.chart}>
      <p className={shown ? styles.readout : styles.readoutIdle} aria-hidden="true">
        {shown ? dayLabel(shown, pronoun) : 'Tap a bar for its day'}
      </p>
      <div className={styles.plot}>
        <span className={styles.axisMax} aria-hidden="true">
          {max}
        </span>
        <svg
          role="img"
          aria-label={historySummary(days)}
          viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={styles.svg}
          onPointerLeave={() => setPicked(null)}
        >
          {days.map((day, i) => {
            // Empty days keep a 1-unit stub so the baseline reads as a row of days.
            const height = day.wordsReviewed === 0 ? 1 : Math.max(3, (day.wordsReviewed / max) * HEIGHT);
            return (
              <g key={day.date} onPointerEnter={() => setPicked(i)} onClick={() => setPicked(i)}>
                {/* The whole column is the target, so a thumb finds a day with no bar. */}
                <rect
                  x={i * (BAR_WIDTH + GAP) - GAP / 2}
                  y={0}
                  width={BAR_WIDTH + GAP}
                  height={HEIGHT}
                  className={styles.hit}
                />
                <rect
                  x={i * (BAR_WIDTH + GAP)}
                  y={HEIGHT - height}
                  width={BAR_WIDTH}
                  height={height}
                  rx={1.5}
                  className={
                    i === picked ? styles.pickedBar : day.wordsReviewed === 0 ? styles.emptyBar : styles.bar
                  }
                />
                <title>{dayLabel(day, pronoun)}</title>
              </g>
            );
          })}
        </svg>
      </div>
      {first && last ? (
        <div className={styles.axis} aria-hidden="true">
          <span>{shortDate(first.date)}</span>
          <span>{shortDate(last.date)}</span>
        </div>
      ) : null}
      <figcaption className={styles.caption} aria-hidden="true">
        Words reviewed, last {days.length} days
      </figcaption>
    </figure>
  );
}
