interface Dated {
  testDate: string;
  createdAt: string;
}

/**
 * Upcoming tests (on or after the parent's local today) first, soonest first; past tests
 * after them, most recent first: the one a parent needs next is always on top.
 */
export function byTestDate(today: string) {
  return (a: Dated, b: Dated): number => {
    const aPast = a.testDate < today;
    const bPast = b.testDate < today;
    if (aPast !== bPast) return aPast ? 1 : -1;
    if (a.testDate !== b.testDate) return (a.testDate < b.testDate ? -1 : 1) * (aPast ? -1 : 1);
    return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
  };
}
