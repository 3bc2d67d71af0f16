import { formatDisplayDate, type WordSetDetail } from '@spellwell/shared';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { useUpdateWordSet } from '../api/update-word-set';
import styles from './plan-switch.module.css';

/**
 * "Plan for the test date" (issue 19): the test-day planner picks each word's next practice for
 * this set; off, the usual schedule (the specification's rule) does. Saved the moment it is
 * switched, as a settings switch is.
 */
export function PlanSwitch({ childId, wordSet }: { childId: string; wordSet: WordSetDetail }) {
  const hintId = useId();
  const update = useUpdateWordSet(childId, wordSet.id);
  // Shown as asked while it saves; the saved set's value once the server has it.
  const on = update.isPending ? update.variables.planForTestDate === true : wordSet.planForTestDate;
  return (
    <section className={styles.section}>
      <label className={styles.row}>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={on}
          disabled={update.isPending}
          aria-describedby={hintId}
          onChange={(event) => update.mutate({ planForTestDate: event.target.checked })}
        />
        <span className={styles.label}>Plan for the test date</span>
      </label>
      <p id={hintId} className={styles.hint}>
        {on
          ? // Issue 34: it buys more words right on the day, often with extra practice; it does
            // not save practice on most kinds of learner (docs/learning.md), so it never says so.
            `Each word's next practice is picked to get more words right on ${formatDisplayDate(wordSet.testDate)}, which can mean an extra practice before the test; unsure words always come back a day or two before.`
          : 'Off: words come back on the usual schedule.'}
      </p>
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
    </section>
  );
}
