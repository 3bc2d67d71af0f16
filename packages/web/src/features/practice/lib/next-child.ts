import type { ChildWithWordSets } from '@spellwell/shared';

export interface NextChild {
  childId: string;
  name: string;
  due: number;
  /** The one practice with words due, or null when several have: then the child's tab. */
  wordSetId: string | null;
}

/**
 * Another child of the parent with words due now (tests still ahead), the one with the most
 * first: "Next: Arun" on the finish screen. Null when no other child has anything due.
 */
export function nextChild(
  children: readonly ChildWithWordSets[],
  currentChildId: string,
  today: string,
): NextChild | null {
  let best: NextChild | null = null;
  for (const child of children) {
    if (child.id === currentChildId) continue;
    const dueSets = child.wordSets.filter((set) => set.testDate >= today && set.dueCount > 0);
    const due = dueSets.reduce((sum, set) => sum + set.dueCount, 0);
    if (due === 0 || (best && best.due >= due)) continue;
    best = {
      childId: child.id,
      name: child.name,
      due,
      wordSetId: dueSets.length === 1 ? dueSets[0]!.id : null,
    };
  }
  return best;
}
