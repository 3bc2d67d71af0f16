import { GRADE_LABELS, hanziOf, suggestGrade, type Grade } from '@spellwell/shared';
import { useEffect, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { useStrokeBox, type StrokeMode } from '../hooks/use-stroke-box';
import { isTouchScreen } from '../lib/touch';
import { BOX_PADDING, loadHanziWriter } from '../../../lib/hanzi-writer';
import styles from './strokes-panel.module.css';

export interface StrokesPanelProps {
  /** The word on the card (its Han characters are drawn, the rest skipped). */
  word: string;
  /** Whether the parent has shown the word: Strokes then, Write it before. */
  shown: boolean;
  /** A grade is being saved: Accept waits. */
  disabled: boolean;
  /** The practice page's own grading (server-authoritative, with Undo). */
  onGrade: (grade: Grade) => void;
  /** The page's grade buttons: the box is sized to fit above them, which never move. */
  gradeButtons?: () => HTMLElement | null;
}

const mistakesText = (n: number) => (n === 1 ? '1 mistake' : `${n} mistakes`);

/** What the live region says: progress for a screen reader, never the characters (a dictation). */
function statusText(mode: StrokeMode, count: number): string {
  switch (mode.kind) {
    case 'loading':
      return 'Loading the strokes…';
    case 'animating':
      return `Showing the strokes of character ${mode.index + 1} of ${count}.`;
    case 'animated':
      return 'Stroke order shown.';
    case 'writing':
      return `Write character ${mode.index + 1} of ${count} in the box. ${mistakesText(mode.mistakes)} so far${mode.hintUsed ? ', hint used' : ''}.`;
    case 'written': {
      const grade = GRADE_LABELS[suggestGrade(mode)];
      return `Suggested grade: ${grade} (${mistakesText(mode.mistakes)}${mode.hintUsed ? ', hint used' : ''}).`;
    }
    default:
      return '';
  }
}

/**
 * Stroke order (issue 21) under a Chinese word: "Strokes" animates each character in turn
 * once the word is shown; on a touch screen "Write it" lets the child write the word in a
 * 田字格 box before it is shown, and suggests a grade from the mistakes for the parent to
 * accept or overrule with the usual buttons. Loaded lazily, and hanzi-writer after it.
 */
export function StrokesPanel({ word, shown, disabled, onGrade, gradeButtons }: StrokesPanelProps) {
  const chars = useMemo(() => hanziOf(word), [word]);
  // Write it needs a finger: offered on touch screens only.
  const touch = useMemo(isTouchScreen, []);
  const box = useStrokeBox(chars, gradeButtons);
  const { mode, reset } = box;
  // Fetch hanzi-writer while the child listens, so the first tap draws at once.
  useEffect(() => void loadHanziWriter().catch(() => undefined), []);
  // Hiding the word again must hide its strokes too (the quiz is the child's own writing).
  const revealing = mode.kind === 'animating' || mode.kind === 'animated';
  useEffect(() => {
    if (!shown && revealing) reset();
  }, [shown, revealing, reset]);

  if (chars.length === 0) return null;
  const writing = mode.kind === 'writing';
  const suggested = mode.kind === 'written' ? suggestGrade(mode) : null;
  // The box is showing: its status keeps two lines' room, so a longer message moves nothing.
  const active = mode.kind !== 'idle' && mode.kind !== 'failed';

  return (
    <section ref={box.rootRef} className={styles.panel} aria-label="Strokes">
      {/* One row above the box for every mode's buttons, so the box and what is under it
          never move when one mode gives way to the next. */}
      <div className={styles.actions}>
        {shown && !writing && (
          <Button variant="secondary" onClick={() => void box.animate()} disabled={mode.kind === 'animating'}>
            Strokes
          </Button>
        )}
        {mode.kind === 'animating' && (
          <Button variant="ghost" onClick={box.skip}>
            Skip animation
          </Button>
        )}
        {touch && !shown && !writing && mode.kind !== 'loading' && suggested === null && (
          <Button variant="secondary" onClick={() => void box.write()}>
            Write it
          </Button>
        )}
        {writing && (
          <>
            <Button variant="ghost" size="sm" onClick={box.hint} disabled={mode.hintUsed}>
              Hint: show the outline
            </Button>
            <Button variant="ghost" size="sm" onClick={reset}>
              Stop writing
            </Button>
          </>
        )}
      </div>
      <div
        className={`${styles.box} ${mode.kind === 'idle' || mode.kind === 'failed' ? styles.boxIdle : ''} ${writing ? styles.writing : ''}`}
        style={{ width: box.size, height: box.size }}
      >
        <svg className={styles.grid} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <path
            d="M0 50H100M50 0V100M0 0L100 100M100 0L0 100"
            stroke="currentColor"
            strokeWidth="0.6"
            strokeDasharray="2 2"
            fill="none"
          />
        </svg>
        <div
          ref={box.targetRef}
          className={styles.target}
          data-testid="stroke-box"
          data-padding={BOX_PADDING}
          role="img"
          aria-label={writing ? 'Writing box: draw each stroke with a finger' : 'Stroke order'}
        />
      </div>
      <p className={`${styles.status} ${active ? styles.statusActive : ''}`} role="status">
        {statusText(mode, chars.length)}
      </p>
      {mode.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {mode.message}
        </p>
      )}
      {/* Held open while the child writes, so Accept arriving moves nothing below it. */}
      {(writing || suggested !== null || (mode.kind === 'loading' && mode.writing)) && (
        <div className={styles.suggestion}>
          {suggested !== null && (
            <>
              <Button size="lg" block disabled={disabled} onClick={() => onGrade(suggested)}>
                Accept {GRADE_LABELS[suggested]}
              </Button>
              <p className={styles.status}>Or pick another grade below.</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
