import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Marks the parent's data as changed, so cached reads of it are refreshed. Only inside the
 * write's transaction (the type insists: the SQLite version reader counts commits), as its
 * last statement: the change and the new version then commit
 * together, and on PostgreSQL the parent's row is always the last row a write locks, so two
 * writes of one family can never wait for each other in a circle.
 */
export async function bumpDataVersion(trx: Transaction<Database>, parentId: string): Promise<void> {
  await trx
    .updateTable('parents')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', parentId)
    .execute();
}

/**
 * Issue 37: a change to a shared child changes what its owner and every member read, so each
 * of their versions is raised, in the same transaction, as the write's last statements. In
 * order of id: two writes whose families overlap lock the same parents in the same order, so
 * they never wait for each other in a circle. The owner's id, for the family's quotas;
 * undefined when the child is gone.
 */
export async function bumpChildDataVersions(
  trx: Transaction<Database>,
  childId: string,
): Promise<string | undefined> {
  const owner = await trx
    .selectFrom('children')
    .select('parent_id')
    .where('id', '=', childId)
    .executeTakeFirst();
  if (!owner) return undefined;
  const members = await trx
    .selectFrom('child_members')
    .select('parent_id')
    .where('child_id', '=', childId)
    .execute();
  const audience = [owner.parent_id, ...members.map((m) => m.parent_id)].sort();
  for (const parentId of audience) await bumpDataVersion(trx, parentId);
  return owner.parent_id;
}
