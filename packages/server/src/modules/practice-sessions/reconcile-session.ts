import { orderForPractice, type OrderableWord, type PracticeSession } from '@spellwell/shared';

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
    position: Math.min(
      stored.position - stored.wordIds.slice(0, stored.position).filter(gone).length,
      wordIds.length,
    ),
    dueCount: stored.dueCount - stored.wordIds.slice(0, stored.dueCount).filter(gone).length,
  };
  const changed =
    kept.length !== stored.wordIds.length || added.length > 0 || session.position !== stored.position;
  return { session, changed };
}

/**
 * The words still to come (from the position on) ordered again for `today`: due words first,
 * and the count of due words made true for today. The words done keep their places, so the
 * position still points at the next word. Same day, same states: the same order as before.
 */
export function reorderRemaining(
  { session, changed }: { session: PracticeSession; changed: boolean },
  words: readonly OrderableWord[],
  today: string,
): { session: PracticeSession; changed: boolean } {
  const byId = new Map(words.map((w) => [w.id, w]));
  const done = session.wordIds.slice(0, session.position);
  const remaining = session.wordIds.slice(session.position).map((id) => byId.get(id)!);
  const order = orderForPractice(remaining, today);
  const next = {
    wordIds: [...done, ...order.wordIds],
    position: session.position,
    dueCount: session.position + order.dueCount,
  };
  const same = next.dueCount === session.dueCount && next.wordIds.every((id, i) => id === session.wordIds[i]);
  return { session: next, changed: changed || !same };
}
