import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accessibleChildIds, accessibleWordSetIds } from '../children/access.js';

/*
 * Who may share a set or import into a child (issue 37, item 5): the "edit" capability of the
 * family roles (owner and co-parent; a tutor may not). Every query of the shared lists asks
 * through these two.
 */

/** The set's id when the parent may share it or stop sharing it; no row otherwise. */
export function mayShareWordSet(db: Kysely<Database>, parentId: string, childId: string, wordSetId: string) {
  return accessibleWordSetIds(db, parentId, childId, wordSetId, 'edit');
}

/** The child's id when the parent may add a shared list to them; no row otherwise. */
export function mayImportIntoChild(db: Kysely<Database>, parentId: string, childId: string) {
  return accessibleChildIds(db, parentId, childId, 'edit');
}
