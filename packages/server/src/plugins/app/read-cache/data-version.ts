import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

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
