import { daysBetween, type WordSetSummary } from '@spellwell/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PillLink } from '../../../components/ui/pill-link';
import { paths } from '../../../config/paths';
import { rangeText, readinessAssumption, readinessWords, weakWordsSearch } from '../lib/readiness-words';
import { TestResultForm } from './test-result-form';
import styles from './set-readiness.module.css';

/** Days after a test during which its card asks for the result (issue 34). */
const ASK_FOR_RESULT_DAYS = 14;

interface Props {
  childId: string;
  set: WordSetSummary;
  /** The parent's local day, "yyyy-MM-dd". */
  today: string;
  /** The prediction is already said on the card's plan line ("Nothing due tonight · likely …"). */
  said?: boolean;
  /**
   * The parent may record the test result (issue 37): a tutor, whom the server refuses (403),
   * sees a recorded result but no form and no "Change".
   */
  canEdit?: boolean;
}

/**
 * A practice card's predicted test-day score (issues 19, 34) and, once the child has practised
 * it, one tap to practise just the words least likely to be right on the day. From the day after
 * the test it asks for the real result, then shows it beside what was predicted.
 */
export function SetReadiness({ childId, set, today, said = false, canEdit = true }: Props) {
  const { readiness, practisedCount } = set;
  const [editing, setEditing] = useState(false);
  const weak = practisedCount > 0 ? readiness.atRisk : [];
  const daysSinceTest = daysBetween(set.testDate, today);
  const assumption = readinessAssumption(practisedCount, set.testDate, today);
  if (set.testResult && !editing) {
    const predicted = set.predictedForTest;
    return (
      <div className={styles.readiness}>
        <span className={styles.words}>
          {predicted && practisedCount > 0
            ? `Predicted ${rangeText(predicted.range.low, predicted.range.high)}, scored ${set.testResult.correct}`
            : `Scored ${set.testResult.correct}`}{' '}
          of {set.testResult.total}
        </span>
        {canEdit ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Change the test result of ${set.description}`}
          >
            Change
          </Button>
        ) : null}
      </div>
    );
  }
  const asking = daysSinceTest >= 1 && daysSinceTest <= ASK_FOR_RESULT_DAYS && set.wordCount > 0;
  if (canEdit && (editing || asking))
    return (
      <div className={styles.readiness}>
        <TestResultForm childId={childId} set={set} onDone={() => setEditing(false)} />
      </div>
    );
  return (
    <div className={styles.readiness}>
      {said ? null : (
        <span>
          <span className={styles.words}>
            {readinessWords(readiness, practisedCount, set.testDate, today)}
          </span>
          {assumption ? <span className={styles.label}> {assumption}</span> : null}
        </span>
      )}
      {/* Issue 35: how many words are already safe for the day, once any has been practised. */}
      {practisedCount > 0 ? (
        <span className={styles.words}>
          {set.masteredCount} of {set.wordCount} mastered
        </span>
      ) : null}
      {weak.length > 0 ? (
        <PillLink
          to={{ pathname: paths.practice.getHref(childId, set.id), search: weakWordsSearch(weak) }}
          aria-label={`Practise the weak words of ${set.description} (${weak.length})`}
        >
          Practise the weak words
        </PillLink>
      ) : null}
    </div>
  );
}
