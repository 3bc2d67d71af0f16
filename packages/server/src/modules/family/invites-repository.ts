import { randomBytes, randomUUID } from 'node:crypto';
import { INVITE_DAYS, type Invite, type MemberRole } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/row-locks.js';
import { hashToken } from '../auth/refresh-tokens.js';
import { accessibleChildIds } from '../children/access.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';
import { displayName } from './members-repository.js';

const INVITE_TTL_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;
/** Open invites a child may have at once: bounds the table, far more than a family sends. */
export const OPEN_INVITES_PER_CHILD = 10;

/** Why an invite cannot be accepted (410), or that it never existed (404). */
export type InviteProblem = 'not-found' | 'used' | 'withdrawn' | 'expired' | 'own' | 'already-member';

/**
 * Issue 37: the owner's one-time invites to share a child (docs/decisions/021). The secret is
 * 256 random bits, shown once in the invite's URL; only its SHA-256 is stored, as for device
 * passes, so a copy of the database lets nobody in.
 */
export function createInvitesRepository(db: Db, now: () => Date = () => new Date()) {
  const { kysely } = db;
  /** The invite behind a secret, with what the accept page shows; undefined when none. */
  const bySecret = (k: typeof kysely, secret: string) =>
    k
      .selectFrom('child_invites')
      .innerJoin('children', 'children.id', 'child_invites.child_id')
      .innerJoin('parents', 'parents.id', 'children.parent_id')
      .select([
        'child_invites.id',
        'child_invites.child_id',
        'child_invites.role',
        'child_invites.expires_at',
        'child_invites.used_at',
        'child_invites.withdrawn_at',
        'children.name as child_name',
        'children.parent_id as owner_id',
        'parents.name as owner_name',
      ])
      .where('child_invites.secret_hash', '=', hashToken(secret));

  function problemOf(row: { used_at: string | null; withdrawn_at: string | null; expires_at: string }) {
    if (row.used_at !== null) return 'used' as const;
    if (row.withdrawn_at !== null) return 'withdrawn' as const;
    if (row.expires_at <= now().toISOString()) return 'expired' as const;
    return null;
  }

  return {
    /** Null when the parent may not manage the child; 'too-many' past OPEN_INVITES_PER_CHILD. */
    async create(parentId: string, childId: string, role: MemberRole) {
      const at = now();
      return kysely.transaction().execute(async (trx) => {
        const child = await forUpdate(
          db,
          accessibleChildIds(trx, parentId, childId, 'manage'),
        ).executeTakeFirst();
        if (!child) return null;
        const open = await trx
          .selectFrom('child_invites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('child_id', '=', childId)
          .where('used_at', 'is', null)
          .where('withdrawn_at', 'is', null)
          .where('expires_at', '>', at.toISOString())
          .executeTakeFirstOrThrow();
        if (Number(open.n) >= OPEN_INVITES_PER_CHILD) return 'too-many' as const;
        const secret = randomBytes(32).toString('base64url');
        const id = randomUUID();
        const expiresAt = new Date(at.getTime() + INVITE_TTL_MS).toISOString();
        await trx
          .insertInto('child_invites')
          .values({
            id,
            child_id: childId,
            role,
            secret_hash: hashToken(secret),
            created_by: parentId,
            created_at: at.toISOString(),
            expires_at: expiresAt,
            used_at: null,
            used_by: null,
            withdrawn_at: null,
          })
          .execute();
        return { id, secret, expiresAt };
      });
    },

    /** The child's open invites, never their secrets; null when the parent may not manage the child. */
    async listOpen(parentId: string, childId: string): Promise<Invite[] | null> {
      const child = await accessibleChildIds(kysely, parentId, childId, 'manage').executeTakeFirst();
      if (!child) return null;
      const rows = await kysely
        .selectFrom('child_invites')
        .select(['id', 'role', 'created_at', 'expires_at'])
        .where('child_id', '=', childId)
        .where('used_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, role: r.role, createdAt: r.created_at, expiresAt: r.expires_at }));
    },

    /** False when there is no such open invite of a child the parent manages. */
    async withdraw(parentId: string, childId: string, inviteId: string): Promise<boolean> {
      const result = await kysely
        .updateTable('child_invites')
        .set({ withdrawn_at: now().toISOString() })
        .where('id', '=', inviteId)
        .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'manage'))
        .where('used_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** What the accept page shows, or why the invite cannot be accepted. */
    async preview(parentId: string, secret: string) {
      const row = await bySecret(kysely, secret).executeTakeFirst();
      if (!row) return { problem: 'not-found' as const };
      const problem = problemOf(row);
      if (problem) return { problem };
      return {
        problem: null,
        childName: row.child_name,
        role: row.role,
        invitedBy: displayName(row.owner_name),
        own: row.owner_id === parentId,
      };
    },

    /**
     * Makes the parent a member. The invite's row is locked and marked used in the same
     * transaction, so of two acceptances at once one wins and the other finds it used (410).
     */
    async accept(parentId: string, secret: string) {
      return kysely.transaction().execute(async (trx) => {
        // Only the invite's row is locked: the parents' rows stay the last a write locks.
        const query = bySecret(trx, secret);
        const row = await (
          db.engine === 'postgres' ? query.forUpdate('child_invites') : query
        ).executeTakeFirst();
        if (!row) return { problem: 'not-found' as const };
        const problem = problemOf(row);
        if (problem) return { problem };
        if (row.owner_id === parentId) return { problem: 'own' as const };
        const member = await trx
          .selectFrom('child_members')
          .select('role')
          .where('child_id', '=', row.child_id)
          .where('parent_id', '=', parentId)
          .executeTakeFirst();
        if (member) return { problem: 'already-member' as const };
        const at = now().toISOString();
        // A parent whose account was deleted meanwhile inserts nothing (no row to select from).
        const inserted = await trx
          .insertInto('child_members')
          .columns(['child_id', 'parent_id', 'role', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('parents')
              .select([
                eb.val(row.child_id).as('child_id'),
                'parents.id as parent_id',
                eb.val(row.role).as('role'),
                eb.val(at).as('created_at'),
              ])
              .where('parents.id', '=', parentId),
          )
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { problem: 'not-found' as const };
        await trx
          .updateTable('child_invites')
          .set({ used_at: at, used_by: parentId })
          .where('id', '=', row.id)
          .execute();
        // The new member's dashboard shows the child from their next request on.
        await bumpChildDataVersions(trx, row.child_id);
        return { problem: null, childId: row.child_id, role: row.role };
      });
    },
  };
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
