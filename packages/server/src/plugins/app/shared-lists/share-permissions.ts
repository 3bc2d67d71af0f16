import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { ownedChildIds, ownedWordSetIds } from '../children/ownership.js';

/*
 * Who may share a set or import into a child (issue 37, item 5). Today: the parent who owns
 * it. The family roles of the same issue make both the "edit" capability; they swap in here,
 * and every query of the shared lists asks through these two.
 */

/** The set's id when the parent may share it or stop sharing it; no row otherwise. */
export function mayShareWordSet(db: Kysely<Database>, parentId: string, childId: string, wordSetId: string) {
  return ownedWordSetIds(db, parentId, childId, wordSetId);
}

/** The child's id when the parent may add a shared list to them; no row otherwise. */
export function mayImportIntoChild(db: Kysely<Database>, parentId: string, childId: string) {
  return ownedChildIds(db, parentId, childId);
}
