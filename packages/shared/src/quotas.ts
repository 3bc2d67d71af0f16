/**
 * What one family (a parent's account) can keep (issue 41), so one account cannot fill the
 * server. Each is many times a busy family's year (decision record 013 and docs/security.md,
 * "Quotas and write rate limits", have the family measured and the margins). The server checks
 * them inside the write's transaction and answers 409 `quota_exceeded` with the message below
 * (docs/decisions/013-family-quotas.md).
 * Words per practice are `WORDS_MAX`: a list is always replaced whole, so no set holds more.
 */
export const QUOTAS = {
  children: 100,
  wordSets: 2_000,
  words: 40_000,
  printedSheets: 5_000,
  recordingBytes: 1024 * 1024 * 1024,
} as const;
export type QuotaName = keyof typeof QUOTAS;

const count = (n: number) => n.toLocaleString('en-US');

/** What a parent reads when a write would take the family past a quota. */
export const QUOTA_MESSAGES: Record<QuotaName, string> = {
  children: `A family can have at most ${QUOTAS.children} children in SpellWell.`,
  wordSets: `A family can keep at most ${count(QUOTAS.wordSets)} practices. Delete practices whose tests are over to add new ones.`,
  words: `A family can keep at most ${count(QUOTAS.words)} words across all practices. Delete practices whose tests are over to add more.`,
  printedSheets: `A family can keep at most ${count(QUOTAS.printedSheets)} printed sheets. A child's sheets go when the child is removed.`,
  recordingBytes: `A family's recordings can take up at most ${QUOTAS.recordingBytes / 1024 ** 3} GB. Delete recordings, or practices whose tests are over, to record more.`,
};
