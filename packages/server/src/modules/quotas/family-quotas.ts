import { sql, type Transaction } from 'kysely';
import { QUOTAS, QUOTA_MESSAGES, type QuotaName } from '@spellwell/shared';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';

/** A write would take the family past one of its quotas; the write is rolled back. */
export class QuotaExceededError extends HttpError {
  constructor(readonly quota: QuotaName) {
    super(409, 'quota_exceeded', QUOTA_MESSAGES[quota]);
  }
}

type Trx = Transaction<Database>;

const familySets = (trx: Trx, parentId: string) =>
  trx
    .selectFrom('word_sets')
    .innerJoin('children', 'children.id', 'word_sets.child_id')
    .where('children.parent_id', '=', parentId);

type Count = { n: string | number | bigint };

/** How much of each quota the family uses now, as this transaction sees it. */
const USAGE: Record<QuotaName, (trx: Trx, parentId: string) => Promise<Count>> = {
  children: (trx, parentId) =>
    trx
      .selectFrom('children')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('parent_id', '=', parentId)
      .executeTakeFirstOrThrow(),
  wordSets: (trx, parentId) =>
    familySets(trx, parentId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  words: (trx, parentId) =>
    familySets(trx, parentId)
      .innerJoin('words', 'words.word_set_id', 'word_sets.id')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  printedSheets: (trx, parentId) =>
    trx
      .selectFrom('printed_sheets')
      .innerJoin('children', 'children.id', 'printed_sheets.child_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('children.parent_id', '=', parentId)
      .executeTakeFirstOrThrow(),
  recordingBytes: (trx, parentId) =>
    familySets(trx, parentId)
      .innerJoin('words', 'words.word_set_id', 'word_sets.id')
      .innerJoin('word_recordings', 'word_recordings.word_id', 'words.id')
      // Recordings saved before migration 010 have no size of their own.
      .select(
        sql<number>`coalesce(sum(coalesce(word_recordings.bytes, length(word_recordings.audio))), 0)`.as('n'),
      )
      .executeTakeFirstOrThrow(),
};

/**
 * The last step of a write that adds to what a family keeps, inside the write's transaction.
 * It raises the family's data version first, which on PostgreSQL locks the parent's row until
 * the transaction ends: two writes of one family, on any number of servers, pass this point
 * one after the other, and the second counts after the first has committed (each statement
 * sees what was committed before it, under READ COMMITTED). So the count includes this write
 * and every earlier one, and a family cannot overshoot by writing twice at once. SQLite runs
 * one write transaction at a time. Past a quota it throws QuotaExceededError, which rolls the
 * whole write back; the route answers 409 with the quota's message.
 *
 * Counting after writing, rather than locking first: the parents' rows (the owner's and any
 * member's, issue 37) are always the last rows a write locks (read-cache/data-version.ts), so no two writes of a family wait in a circle.
 */
export async function bumpWithinQuotas(
  trx: Trx,
  // An object, not a bare id: before issue 37 this took the parent's id, and a stale call
  // passing one must not compile (it would find no child and check nothing).
  { childId }: { childId: string },
  quotas: readonly QuotaName[],
): Promise<void> {
  // The family is the child's owner's, whoever writes (issue 37): a co-parent's list counts there.
  const ownerId = await bumpChildDataVersions(trx, childId);
  if (ownerId === undefined) return;
  for (const quota of quotas) {
    const { n } = await USAGE[quota](trx, ownerId);
    // PostgreSQL answers count(*) and sum() as strings.
    if (Number(n) > QUOTAS[quota]) throw new QuotaExceededError(quota);
  }
}
