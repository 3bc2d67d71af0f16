import type { PracticeSession } from '@spellwell/shared';

/**
 * A stored session after the list was edited: words removed since are dropped (the position
 * and the count of due words move back with them), words added since go at the end.
 */
export function reconcileSession(
  stored: PracticeSession,
  wordIdsInListOrder: readonly string[],
): { session: PracticeSession; changed: boolean } {
  const exists = new Set(wordIdsInListOrder);
  const gone = (id: string) => !exists.has(id);
  const kept = stored.wordIds.filter((id) => !gone(id));
  const known = new Set(kept);
  const added = wordIdsInListOrder.filter((id) => !known.has(id));
  const wordIds = [...kept, ...added];
  const session = {
    wordIds,
    position: Math.min(stored.position - stored.wordIds.slice(0, stored.position).filter(gone).length, wordIds.length),
    dueCount: stored.dueCount - stored.wordIds.slice(0, stored.dueCount).filter(gone).length,
  };
  const changed = kept.length !== stored.wordIds.length || added.length > 0 || session.position !== stored.position;
  return { session, changed };
}
