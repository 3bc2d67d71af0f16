import type { WordSetDetail } from '@spellwell/shared';
import { useId, type InputHTMLAttributes } from 'react';
import { Alert } from '../../../components/ui/alert';
import { useUpdateWordSet } from '../api/update-word-set';
import styles from './plan-switch.module.css';

/**
 * What the switch does, in one sentence, wherever the test date is set (issue 35): on Add New
 * Practice and on Edit, beside the date. It buys more words right on the day, sometimes with an
 * extra practice; it does not save practice on most kinds of learner (issue 34,
 * docs/learning.md), so it never says it does.
 */
export const PLAN_FOR_TEST_DATE_HINT =
  "Picks each word's next practice to get the most words right on the test day, which can mean an extra practice; off, words come back on the usual schedule.";

/**
 * The switch on Add New Practice, part of the form (the practice does not exist yet). On by
 * default: in the learning simulation the planner scored higher than the usual schedule on all
 * four learner families (docs/learning.md, docs/decisions/014).
 */
export function PlanField(props: InputHTMLAttributes<HTMLInputElement>) {
  const hintId = useId();
  return (
    <div className={styles.section}>
      <label className={styles.row}>
        <input type="checkbox" role="switch" className={styles.switch} aria-describedby={hintId} {...props} />
        {/* Not "test date": the form's "Test Date" field must stay the only control of that name. */}
        <span className={styles.label}>Plan for the test day</span>
      </label>
      <p id={hintId} className={styles.hint}>
        {PLAN_FOR_TEST_DATE_HINT}
      </p>
    </div>
  );
}

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
    <div className={styles.section}>
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
        {PLAN_FOR_TEST_DATE_HINT}
      </p>
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
    </div>
  );
}
