/** What the ordering needs to know of a word. */
export interface OrderableWord {
  id: string;
  easeFactor: number;
  interval: number;
  /** "yyyy-MM-dd", or null for a word never graded. */
  nextReview: string | null;
  /** Position in the list as the parent typed it, the final tie-break. */
  position: number;
}

export function isDue(word: OrderableWord, today: string): boolean {
  return word.nextReview === null || word.nextReview <= today;
}

/**
 * A session's order (PRODUCT.md): words due first, the hardest (lowest ease) first, then the
 * shortest interval; words not yet due follow in the same order. Returns the ids and how many
 * of them are due, so the page can say when the due words are done.
 */
export function orderForPractice(
  words: readonly OrderableWord[],
  today: string,
): { wordIds: string[]; dueCount: number } {
  const byNeed = (a: OrderableWord, b: OrderableWord) =>
    a.easeFactor - b.easeFactor || a.interval - b.interval || a.position - b.position;
  const due = words.filter((w) => isDue(w, today)).sort(byNeed);
  const later = words.filter((w) => !isDue(w, today)).sort(byNeed);
  return { wordIds: [...due, ...later].map((w) => w.id), dueCount: due.length };
}
