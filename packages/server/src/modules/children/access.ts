import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { memberRolesWith, type Capability, type ChildRole } from '@spellwell/shared';
import type { Database } from '../../db/schema.js';

/*
 * Access is part of every query (PRODUCT.md: another parent's ids answer 404), so these
 * subqueries are used in WHERE clauses rather than checked beforehand in a separate step.
 * A child is reachable by its owner (`children.parent_id`) for everything, and by a member
 * (`child_members`) for what their role allows (docs/decisions/021, shared family-roles.ts).
 */

/** True for a `children` row the parent may use with the capability. */
export function canReachChild<DB extends Database, TB extends keyof DB & 'children'>(
  eb: ExpressionBuilder<DB, TB>,
  parentId: string,
  capability: Capability,
) {
  const e = eb as unknown as ExpressionBuilder<Database, 'children'>;
  const roles = memberRolesWith(capability);
  if (roles.length === 0) return e('children.parent_id', '=', parentId);
  return e.or([
    e('children.parent_id', '=', parentId),
    e.exists(
      e
        .selectFrom('child_members')
        .select('child_members.child_id')
        .whereRef('child_members.child_id', '=', 'children.id')
        .where('child_members.parent_id', '=', parentId)
        .where('child_members.role', 'in', roles),
    ),
  ]);
}

/** The child's id when the parent may use it with the capability; no row otherwise. */
export function accessibleChildIds(
  db: Kysely<Database>,
  parentId: string,
  childId: string,
  capability: Capability,
) {
  return db
    .selectFrom('children')
    .select('children.id')
    .where('children.id', '=', childId)
    .where((eb) => canReachChild(eb, parentId, capability));
}

/** Every child the parent owns or shares, whatever the role: their dashboard's children. */
export function visibleChildIds(db: Kysely<Database>, parentId: string) {
  return db
    .selectFrom('children')
    .select('children.id')
    .where((eb) => canReachChild(eb, parentId, 'practise'));
}

/** The ids of the child's word sets when the parent may use the child so; no rows otherwise. */
export function accessibleWordSetIdsOfChild(
  db: Kysely<Database>,
  parentId: string,
  childId: string,
  capability: Capability,
) {
  return db
    .selectFrom('word_sets')
    .innerJoin('children', 'children.id', 'word_sets.child_id')
    .select('word_sets.id')
    .where('children.id', '=', childId)
    .where((eb) => canReachChild(eb, parentId, capability));
}

/** The word set's id when it belongs to the child and the parent may use the child so. */
export function accessibleWordSetIds(
  db: Kysely<Database>,
  parentId: string,
  childId: string,
  wordSetId: string,
  capability: Capability,
) {
  return accessibleWordSetIdsOfChild(db, parentId, childId, capability).where('word_sets.id', '=', wordSetId);
}

/** The parent's role on the child: null when they have no tie to it (the caller answers 404). */
export async function roleOnChild(
  db: Kysely<Database>,
  parentId: string,
  childId: string,
): Promise<ChildRole | null> {
  const row = await db
    .selectFrom('children')
    .leftJoin('child_members', (join) =>
      join.onRef('child_members.child_id', '=', 'children.id').on('child_members.parent_id', '=', parentId),
    )
    .select(['children.parent_id', 'child_members.role'])
    .where('children.id', '=', childId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.parent_id === parentId) return 'owner';
  return row.role ?? null;
}

/** The owner and every member of the child: whose cached reads show it. */
export function childAudience(db: Kysely<Database>, childId: string) {
  return db
    .selectFrom('children')
    .select('children.parent_id')
    .where('children.id', '=', childId)
    .union(
      db
        .selectFrom('child_members')
        .select('child_members.parent_id')
        .where('child_members.child_id', '=', childId),
    );
}

export type Trx = Transaction<Database>;
