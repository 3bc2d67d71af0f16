import { LANGUAGE_TAGS, formatDisplayDate, roleCan, type ChildWithWordSets } from '@spellwell/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EditIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { readinessWords } from '../lib/readiness-words';
import { dueLabel, nothingDueLabel, resumeLabel, testWhen } from '../lib/tonight';
import { SetReadiness } from './set-readiness';
import styles from './word-set-list.module.css';

interface WordSetListProps {
  child: ChildWithWordSets;
  /** The parent's local day, "yyyy-MM-dd": tests before it are past. */
  today: string;
  /** The practice the parent has just come back from: marked and scrolled into view. */
  recentSetId?: string | null | undefined;
}

export const wordCountLabel = (count: number) => `${count} ${count === 1 ? 'word' : 'words'}`;

/**
 * A child's practices in the server's order (upcoming tests soonest first, then past ones).
 * The row opens practice; the edit button sits beside the row's link, never inside it.
 */
export function WordSetList({ child, today, recentSetId }: WordSetListProps) {
  const recentRef = useRef<HTMLLIElement>(null);
  const hasRecent = child.wordSets.some((set) => set.id === recentSetId);
  useEffect(() => {
    if (hasRecent) recentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hasRecent]);
  if (child.wordSets.length === 0) {
    return (
      <Card className={styles.empty}>
        <p>No practices for {child.name} yet.</p>
        <Link to={paths.addWords.getHref(child.id)}>Add a practice for {child.name}</Link>
      </Card>
    );
  }
  return (
    <ul className={styles.list} aria-label={`Practices for ${child.name}`}>
      {child.wordSets.map((set) => {
        const past = set.testDate < today;
        const lang = LANGUAGE_TAGS[set.language];
        const recent = set.id === recentSetId;
        const when = testWhen(set.testDate, today);
        const resuming = set.resumeAt !== null;
        // Nothing due before a test ahead: said with the prediction, as one thought.
        const restful = set.dueCount === 0 && !past && set.practisedCount > 0;
        return (
          <li
            key={set.id}
            ref={recent ? recentRef : undefined}
            className={[styles.row, past ? styles.past : '', recent ? styles.recent : ''].join(' ')}
          >
            <Link to={paths.practice.getHref(child.id, set.id)} className={styles.open}>
              <time dateTime={set.testDate} className={styles.date}>
                {formatDisplayDate(set.testDate)}
              </time>
              <span className={styles.description} lang={lang}>
                {set.description}
              </span>
              <span className={styles.badges}>
                <Badge tone="accent">{wordCountLabel(set.wordCount)}</Badge>
                <Badge>{set.language}</Badge>
                {past ? <Badge className={styles.pastBadge}>Past</Badge> : null}
                {recent ? <Badge tone="accent">Last opened</Badge> : null}
              </span>
              {/* Tonight's plan: when the test is, what is due now, and where to start. */}
              <span className={styles.plan}>
                <span className={styles.planText}>
                  {when ? <span>{when}</span> : null}
                  <span className={set.dueCount > 0 ? styles.due : undefined}>
                    {restful
                      ? nothingDueLabel(
                          readinessWords(set.readiness, set.practisedCount, set.testDate, today),
                        )
                      : dueLabel(set.dueCount)}
                  </span>
                  {set.resumeAt !== null ? (
                    <span className={styles.half}>{resumeLabel(set.resumeAt, set.wordCount)}</span>
                  ) : null}
                </span>
                <span className={styles.start} aria-hidden="true">
                  {resuming ? 'Continue' : 'Start'} ›
                </span>
              </span>
            </Link>
            {/* Issue 20: the child's sheet and the parent's answer key of this list. */}
            <Link
              to={paths.printNew.getHref(child.id, set.id)}
              className={styles.print}
              aria-label={`Print ${set.description}`}
            >
              Print
            </Link>
            {/* A tutor does not change the lists (issue 37). */}
            {roleCan(child.role, 'edit') ? (
              <Link
                to={paths.edit.getHref(child.id, set.id)}
                className={styles.edit}
                aria-label={`Edit words for ${set.description}`}
              >
                <EditIcon />
              </Link>
            ) : null}
            <SetReadiness
              childId={child.id}
              set={set}
              today={today}
              said={restful}
              canEdit={roleCan(child.role, 'edit')}
            />
          </li>
        );
      })}
    </ul>
  );
}
