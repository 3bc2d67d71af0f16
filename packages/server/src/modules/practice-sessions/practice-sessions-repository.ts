import type { Transaction } from 'kysely';
import { orderForPractice, type PracticeSession } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';
import { accessibleWordSetIds } from '../children/access.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';
import { parseStringList } from '../word-sets/json-list.js';
import { reconcileSession, reorderRemaining } from './reconcile-session.js';

type WordRow = {
  id: string;
  ease_factor: number;
  interval: number;
  next_review: string | null;
  position: number;
};
const orderable = (words: readonly WordRow[]) =>
  words.map((w) => ({
    id: w.id,
    easeFactor: w.ease_factor,
    interval: w.interval,
    nextReview: w.next_review,
    position: w.position,
  }));

async function write(
  trx: Transaction<Database>,
  wordSetId: string,
  childId: string,
  session: PracticeSession,
) {
  const row = {
    word_ids: JSON.stringify(session.wordIds),
    position: session.position,
    due_count: session.dueCount,
    updated_at: nowIso(),
  };
  await trx
    .insertInto('practice_sessions')
    .values({ word_set_id: wordSetId, child_id: childId, ...row })
    .onConflict((oc) => oc.column('word_set_id').doUpdateSet(row))
    .execute();
}

/**
 * The session of one word set, built when none is stored (due words first, hardest first) and
 * brought up to date with the list when one is. With `resume` (the page opening it), the words
 * still to come are ordered again for today, so a session resumed on a later day or after Edit
 * Words counts as due exactly the words that are due now; the words done keep their places.
 * Saving a position does not reorder: the page holds the order it was given. Null when the set
 * is not the parent's child's.
 */
async function load(
  trx: Transaction<Database>,
  ids: { parentId: string; childId: string; wordSetId: string },
  today: string,
  resume = false,
) {
  const set = await accessibleWordSetIds(
    trx,
    ids.parentId,
    ids.childId,
    ids.wordSetId,
    'practise',
  ).executeTakeFirst();
  if (!set) return null;
  const words = await trx
    .selectFrom('words')
    .select(['id', 'ease_factor', 'interval', 'next_review', 'position'])
    .where('word_set_id', '=', set.id)
    .orderBy('position')
    .execute();
  const stored = await trx
    .selectFrom('practice_sessions')
    .select(['word_ids', 'position', 'due_count'])
    .where('word_set_id', '=', set.id)
    .executeTakeFirst();
  const storedIds = stored ? parseStringList(stored.word_ids) : null;

  if (stored && storedIds) {
    const reconciled = reconcileSession(
      { wordIds: storedIds, position: stored.position, dueCount: stored.due_count },
      words.map((w) => w.id),
    );
    const { session, changed } = resume ? reorderRemaining(reconciled, orderable(words), today) : reconciled;
    if (changed) await write(trx, set.id, ids.childId, session);
    return { wordSetId: set.id, session, wrote: changed };
  }
  const order = orderForPractice(orderable(words), today);
  const session = { ...order, position: 0 };
  await write(trx, set.id, ids.childId, session);
  return { wordSetId: set.id, session, wrote: true };
}

/** What saving a position came to; the route decides what each answers. */
export type PositionResult =
  | { status: 'saved'; session: PracticeSession }
  | { status: 'not-found' }
  /** Another tab or device moved the session on since this page loaded it. */
  | { status: 'moved'; session: PracticeSession };

export function createPracticeSessionsRepository({ kysely }: Db) {
  return {
    async get(
      parentId: string,
      childId: string,
      wordSetId: string,
      today: string,
    ): Promise<PracticeSession | null> {
      const open = () =>
        kysely.transaction().execute(async (trx) => {
          const found = await load(trx, { parentId, childId, wordSetId }, today, true);
          // The dashboard shows where a session stands ("half done"): its cached answer must see this.
          if (found?.wrote) await bumpChildDataVersions(trx, childId);
          return found;
        });
      const loaded = await unlessDeletedMeanwhile(open, null);
      return loaded?.session ?? null;
    },

    /**
     * Where to resume, clamped to the session's length. With `from`, only when the stored
     * position is still `from`: otherwise another tab or device moved on, and nothing changes.
     */
    setPosition(
      parentId: string,
      childId: string,
      wordSetId: string,
      { position, from }: { position: number; from?: number | undefined },
      today: string,
    ): Promise<PositionResult> {
      const save = () =>
        kysely.transaction().execute(async (trx): Promise<PositionResult> => {
          const loaded = await load(trx, { parentId, childId, wordSetId }, today);
          if (!loaded) return { status: 'not-found' };
          if (from !== undefined && loaded.session.position !== from)
            return { status: 'moved', session: loaded.session };
          const session = {
            ...loaded.session,
            position: Math.min(Math.max(0, position), loaded.session.wordIds.length),
          };
          await write(trx, loaded.wordSetId, childId, session);
          await bumpChildDataVersions(trx, childId);
          return { status: 'saved', session };
        });
      return unlessDeletedMeanwhile(save, { status: 'not-found' } as const);
    },

    /** Finishing and "Start over": false only when the set is not the parent's child's. */
    async clear(parentId: string, childId: string, wordSetId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const set = await accessibleWordSetIds(
          trx,
          parentId,
          childId,
          wordSetId,
          'practise',
        ).executeTakeFirst();
        if (!set) return false;
        const deleted = await trx
          .deleteFrom('practice_sessions')
          .where('word_set_id', '=', set.id)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) await bumpChildDataVersions(trx, childId);
        return true;
      });
    },
  };
}
export type PracticeSessionsRepository = ReturnType<typeof createPracticeSessionsRepository>;
