/**
 * The outbox's code (lib/outbox.ts) for the practice page: fetched just after the page's own
 * (its initial JavaScript has a budget), and asked for as soon as the page's code runs, so it
 * is in before the first grade needs it, even if the network goes soon after.
 */
let loading: Promise<typeof import('./outbox')> | undefined;
export const outbox = () => (loading ??= import('./outbox'));

/** The kept answers' code (lib/kept-answers.ts), likewise. */
export const keptAnswers = () => import('./kept-answers');
