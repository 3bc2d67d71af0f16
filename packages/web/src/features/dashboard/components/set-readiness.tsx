import type { WordSetSummary } from '@spellwell/shared';
import { PillLink } from '../../../components/ui/pill-link';
import { paths } from '../../../config/paths';
import { readinessWords, weakWordsSearch } from '../lib/readiness-words';
import styles from './set-readiness.module.css';

interface Props {
  childId: string;
  set: WordSetSummary;
  /** The parent's local day, "yyyy-MM-dd". */
  today: string;
  /** The prediction is already said on the card's plan line ("Nothing due tonight · likely …"). */
  said?: boolean;
}

/**
 * A practice card's predicted test-day score (issue 19) and, once the child has practised it,
 * one tap to practise just the words least likely to be right on the day.
 */
export function SetReadiness({ childId, set, today, said = false }: Props) {
  const { readiness, practisedCount } = set;
  const weak = practisedCount > 0 ? readiness.atRisk : [];
  return (
    <div className={styles.readiness}>
      {said ? null : (
        <span className={styles.words}>{readinessWords(readiness, practisedCount, set.testDate, today)}</span>
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
