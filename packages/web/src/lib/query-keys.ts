/**
 * Every TanStack Query key the app uses, built in one place so that a query and the
 * mutations that make it stale cannot drift apart (STYLE.md). Keys are hierarchical: a
 * shorter key is a prefix that invalidates everything under it, e.g. `review.child(id)`
 * covers that child's today figures and history alike. ESLint rejects literal keys and
 * key-less invalidation elsewhere (eslint.config.js).
 */
export const queryKeys = {
  auth: {
    config: () => ['auth', 'config'] as const,
    me: () => ['auth', 'me'] as const,
  },
  wordSets: {
    /** Every parent's dashboard list: what a new or edited word set makes stale. */
    all: () => ['word-sets'] as const,
    byParent: (parentId: string) => ['word-sets', parentId] as const,
  },
  /** One word set with its words (practice and the edit page read the same entry). */
  wordSet: (childId: string, wordSetId: string) => ['word-set', childId, wordSetId] as const,
  officialWordSets: () => ['official-word-sets'] as const,
  review: {
    child: (childId: string) => ['review', childId] as const,
    today: (childId: string) => ['review', childId, 'today'] as const,
    history: (childId: string, days: number) => ['review', childId, 'history', days] as const,
    /** Twelve weeks of words practised and right first time (issue 35). */
    weeks: (childId: string) => ['review', childId, 'weeks'] as const,
  },
  /** A child's trouble words across their sets (issue 19). */
  troubleWords: (childId: string, language?: string) =>
    ['trouble-words', childId, language ?? 'all'] as const,
  /** A child's words due tonight across their sets (issue 35). */
  tonightWords: (childId: string) => ['tonight-words', childId] as const,
  practiceSession: (childId: string, wordSetId: string) => ['practice-session', childId, wordSetId] as const,
  /** A child's dictation pause (issue 20). */
  dictationSettings: (childId: string) => ['dictation-settings', childId] as const,
  /** The parent's reminder settings (issue 38). */
  reminders: () => ['reminders'] as const,
  /** A printed sheet's words as they are now. */
  printedSheet: (childId: string, sheetId: string) => ['printed-sheet', childId, sheetId] as const,
  /** Whether a set is shared by a code, and the code (issue 37). */
  shareStatus: (childId: string, wordSetId: string) => ['share-status', childId, wordSetId] as const,
  /** A shared list as its code shows it (issue 37). */
  sharedList: (code: string) => ['shared-list', code] as const,
};
