import { randomUUID } from 'node:crypto';
import type { ChildSummary } from '@spellwell/shared';
import { childSummaries, PROFILE_COLUMNS } from '../children/child-profile.js';
import type { Db } from '../../db/database.js';
import type { Parent } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';

export interface Identity {
  /** Google's stable subject id (or "demo:<email>" for the demo sign-in). */
  sub: string;
  email: string;
  name?: string | null | undefined;
}

export function createParentsRepository(db: Db) {
  const { kysely } = db;
  return {
    findById(id: string): Promise<Parent | undefined> {
      return kysely.selectFrom('parents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** First sign-in creates the parent; later ones keep the id and refresh e-mail and name. */
    async upsertByIdentity(identity: Identity): Promise<Parent> {
      const email = identity.email.toLowerCase();
      const name = identity.name ?? null;
      await kysely
        .insertInto('parents')
        .values({ id: randomUUID(), google_sub: identity.sub, email, name, created_at: nowIso() })
        .onConflict((oc) => oc.column('google_sub').doUpdateSet({ email, name }))
        .execute();
      return kysely
        .selectFrom('parents')
        .selectAll()
        .where('google_sub', '=', identity.sub)
        .executeTakeFirstOrThrow();
    },

    /** The parent's children in the order they were added (ties broken by id, stably). */
    async childrenOf(parentId: string): Promise<ChildSummary[]> {
      return childSummaries(
        await kysely
          .selectFrom('children')
          .select(['id', 'name', ...PROFILE_COLUMNS])
          .where('parent_id', '=', parentId)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      );
    },
  };
}
export type ParentsRepository = ReturnType<typeof createParentsRepository>;
