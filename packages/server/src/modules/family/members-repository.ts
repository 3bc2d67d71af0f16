import type { Member } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { accessibleChildIds } from '../children/access.js';

/** What a removal came to; the route decides what each answers. */
export type RemoveResult = 'removed' | 'not-found' | 'forbidden' | 'owner';

/** The name other adults see: the parent's name, else a neutral word (never the e-mail). */
export const displayName = (name: string | null) => name?.trim().split(/\s+/)[0] || 'A parent';

/** Issue 37: who shares a child, and leaving or being removed (docs/decisions/021). */
export function createMembersRepository({ kysely }: Db) {
  return {
    /** The owner first, then the members by when they joined; null when the parent has no tie. */
    async list(parentId: string, childId: string): Promise<Member[] | null> {
      const child = await accessibleChildIds(kysely, parentId, childId, 'practise')
        .innerJoin('parents', 'parents.id', 'children.parent_id')
        .select(['children.parent_id', 'children.created_at', 'parents.name'])
        .executeTakeFirst();
      if (!child) return null;
      const members = await kysely
        .selectFrom('child_members')
        .innerJoin('parents', 'parents.id', 'child_members.parent_id')
        .select(['child_members.parent_id', 'child_members.role', 'child_members.created_at', 'parents.name'])
        .where('child_members.child_id', '=', childId)
        .orderBy('child_members.created_at')
        .orderBy('child_members.parent_id')
        .execute();
      return [
        { parentId: child.parent_id, name: displayName(child.name), role: 'owner', since: child.created_at },
        ...members.map((m) => ({
          parentId: m.parent_id,
          name: displayName(m.name),
          role: m.role,
          since: m.created_at,
        })),
      ];
    },

    /**
     * The owner removes a member, or a member leaves. The removed parent's data version is
     * raised with everyone else's in the same transaction, so from their next request on, on
     * any server, their cached reads are checked again and find no child (404). The device
     * passes they made for the child end with it.
     */
    remove(parentId: string, childId: string, memberId: string): Promise<RemoveResult> {
      return kysely.transaction().execute(async (trx) => {
        const child = await trx
          .selectFrom('children')
          .select('parent_id')
          .where('id', '=', childId)
          .executeTakeFirst();
        if (!child) return 'not-found';
        const members = await trx
          .selectFrom('child_members')
          .select('parent_id')
          .where('child_id', '=', childId)
          .execute();
        const isOwner = child.parent_id === parentId;
        const isMember = members.some((m) => m.parent_id === parentId);
        if (!isOwner && !isMember) return 'not-found';
        if (memberId === child.parent_id) return isOwner ? 'owner' : 'forbidden';
        if (!members.some((m) => m.parent_id === memberId)) return 'not-found';
        if (!isOwner && memberId !== parentId) return 'forbidden';
        await trx
          .deleteFrom('child_members')
          .where('child_id', '=', childId)
          .where('parent_id', '=', memberId)
          .execute();
        const at = new Date().toISOString();
        await trx
          .updateTable('device_passes')
          .set({ revoked_at: at })
          .where('child_id', '=', childId)
          .where('parent_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .updateTable('kid_refresh_tokens')
          .set({ revoked_at: at })
          .where('revoked_at', 'is', null)
          .where('pass_id', 'in', (eb) =>
            eb
              .selectFrom('device_passes')
              .select('id')
              .where('child_id', '=', childId)
              .where('parent_id', '=', memberId),
          )
          .execute();
        // Everyone who saw the child before, the removed parent included, in order of id.
        for (const id of [child.parent_id, ...members.map((m) => m.parent_id)].sort())
          await bumpDataVersion(trx, id);
        return 'removed';
      });
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
