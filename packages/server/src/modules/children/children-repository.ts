import { randomUUID } from 'node:crypto';
import { resolveChildColours, type ChildSummary, type CreateChild } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';
import { bumpWithinQuotas } from '../quotas/family-quotas.js';
import { bumpChildDataVersions, bumpDataVersion } from '../read-cache/data-version.js';
import { canReachChild } from './access.js';
import { childSummaries, PROFILE_COLUMNS, storedProfile } from './child-profile.js';

let lastCreatedAt = '';

// Children are listed in creation order; two added within one millisecond must still keep
// the order they were added in, so timestamps from this process never repeat.
function increasingNowIso(): string {
  const now = nowIso();
  lastCreatedAt = now > lastCreatedAt ? now : new Date(Date.parse(lastCreatedAt) + 1).toISOString();
  return lastCreatedAt;
}

type ChildInput = Omit<CreateChild, 'childName'>;

export function createChildrenRepository({ kysely }: Db) {
  /** The parent's children in the order they were added, with their profiles. */
  const profilesOf = (db: typeof kysely, parentId: string) =>
    db
      .selectFrom('children')
      .select(['id', 'name', ...PROFILE_COLUMNS])
      .where('parent_id', '=', parentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  return {
    /**
     * Null when the parent no longer exists (a still-valid token of a deleted account). Throws
     * QuotaExceededError (nothing stored) when the family already has its most children.
     */
    async create(parentId: string, name: string, profile: ChildInput = {}): Promise<ChildSummary | null> {
      const id = randomUUID();
      const createdAt = increasingNowIso();
      return kysely.transaction().execute(async (trx) => {
        // A colour not asked for is the first no sibling has, kept from now on.
        const siblings = await profilesOf(trx, parentId);
        const colour =
          profile.colour ?? resolveChildColours([...siblings.map((c) => c.colour), null]).at(-1)!;
        // Inserting from the parent's row (not VALUES) makes a missing parent "no row", not a
        // foreign-key error and a 500.
        const result = await trx
          .insertInto('children')
          .columns(['id', 'parent_id', 'name', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('parents')
              .select([
                eb.val(id).as('id'),
                'parents.id as parent_id',
                eb.val(name).as('name'),
                eb.val(createdAt).as('created_at'),
              ])
              .where('parents.id', '=', parentId),
          )
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
        const stored = storedProfile({ ...profile, colour });
        await trx.updateTable('children').set(stored).where('id', '=', id).execute();
        await bumpWithinQuotas(trx, { childId: id }, ['children']);
        const row = {
          id,
          name,
          languages: null,
          school: null,
          level: null,
          pronoun: null,
          ...stored,
          colour,
        };
        return childSummaries([...siblings, row]).at(-1)!;
      });
    },

    /** The child with its new name and profile; null when the child is not the parent's. */
    rename(
      parentId: string,
      childId: string,
      name: string,
      profile: ChildInput = {},
    ): Promise<ChildSummary | null> {
      return kysely.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('children')
          .set({ name, ...storedProfile(profile) })
          .where('id', '=', childId)
          .where((eb) => canReachChild(eb, parentId, 'edit'))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        const ownerId = await bumpChildDataVersions(trx, childId);
        // The colours are resolved among the owner's children, as on the owner's dashboard.
        return childSummaries(await profilesOf(trx, ownerId!)).find((c) => c.id === childId) ?? null;
      });
    },

    /**
     * Removes the child and everything of theirs (practices, words, grades, statistics and the
     * stored session go with the row, by the foreign keys' cascade). False when not the parent's.
     */
    remove(parentId: string, childId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        // The members lose the child too: their cached reads must not keep showing it.
        const members = await trx
          .selectFrom('child_members')
          .select('parent_id')
          .where('child_id', '=', childId)
          .where('child_id', 'in', (eb) =>
            eb
              .selectFrom('children')
              .select('id')
              .where('id', '=', childId)
              .where('parent_id', '=', parentId),
          )
          .execute();
        const result = await trx
          .deleteFrom('children')
          .where('id', '=', childId)
          .where('parent_id', '=', parentId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        for (const id of [parentId, ...members.map((m) => m.parent_id)].sort())
          await bumpDataVersion(trx, id);
        return true;
      });
    },
  };
}
export type ChildrenRepository = ReturnType<typeof createChildrenRepository>;
