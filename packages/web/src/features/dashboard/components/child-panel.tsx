import { roleCan, type ChildRole, type ChildWithWordSets } from '@spellwell/shared';
import { createContext, useContext, useEffect, useId, type ComponentType } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { childDueCount } from '../lib/tonight';
import { ManageChild } from './manage-child';
import { StatsCard } from './stats-card';
import { TonightCard } from './tonight-card';
import { WeeklyProgressCard } from './weekly-progress';
import { TroubleWordsEntry } from './trouble-words-entry';
import { WordSetList } from './word-set-list';
import styles from './dashboard.module.css';

/**
 * Letting the child practise alone on a device (issue 36): the route composes it from the kid
 * feature (features do not import each other). Nothing when not provided.
 */
export const DevicePassSlot = createContext<ComponentType<{ childId: string; childName: string }> | null>(
  null,
);

/**
 * Who shares the child (issue 37): the route composes it from the family feature. Nothing
 * when not provided.
 */
export const FamilySlot = createContext<ComponentType<{
  parentId: string;
  childId: string;
  childName: string;
  role: ChildRole;
}> | null>(null);

/** One child's tab: add a practice, today's figures, and the practices themselves. */
interface ChildPanelProps {
  parentId: string;
  child: ChildWithWordSets;
  today: string;
  /** The practice the parent comes back from, kept in view. */
  recentSetId?: string | null;
  onRemoved: (name: string) => void;
  /** Told when the tab opens: the app keeps the last child for a photo shared to it (issue 23). */
  onShown?: ((childId: string) => void) | undefined;
}

export function ChildPanel({ parentId, child, today, recentSetId, onRemoved, onShown }: ChildPanelProps) {
  const listHeadingId = useId();
  const due = childDueCount(child.wordSets, today);
  const DevicePass = useContext(DevicePassSlot);
  const Family = useContext(FamilySlot);
  // A member sees only what their role may do (issue 37); the server refuses the rest anyway.
  const edits = roleCan(child.role, 'edit');
  useEffect(() => {
    onShown?.(child.id);
  }, [onShown, child.id]);
  // Two columns above 900px (issue 17 item 9): tonight's plan and figures beside the practices.
  return (
    <div className={styles.columns}>
      <div className={styles.side}>
        {child.wordSets.length > 0 ? <TonightCard child={child} today={today} /> : null}
        {due > 0 ? (
          <Link to={paths.printNew.getHref(child.id)} className={styles.printToday}>
            Print today&apos;s words
          </Link>
        ) : null}
        {edits ? (
          <Link to={paths.addWords.getHref(child.id)} className={styles.primaryLink}>
            <PlusIcon />
            Add Practice
          </Link>
        ) : null}
        <TroubleWordsEntry child={child} today={today} />
        {DevicePass && edits ? <DevicePass childId={child.id} childName={child.name} /> : null}
        <StatsCard childId={child.id} childName={child.name} pronoun={child.pronoun} />
        <WeeklyProgressCard childId={child.id} />
      </div>
      <section aria-labelledby={listHeadingId} className={`${styles.section} ${styles.list}`}>
        <h2 id={listHeadingId}>Practices</h2>
        <WordSetList child={child} today={today} recentSetId={recentSetId} />
      </section>
      <div className={styles.foot}>
        {Family ? (
          <Family parentId={parentId} childId={child.id} childName={child.name} role={child.role} />
        ) : null}
        {child.role === 'owner' ? (
          <ManageChild parentId={parentId} child={child} onRemoved={onRemoved} />
        ) : null}
      </div>
    </div>
  );
}
