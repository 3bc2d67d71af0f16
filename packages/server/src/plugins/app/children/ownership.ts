import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/*
 * Ownership is part of every query (PRODUCT.md: another parent's ids answer 404), so these
 * subqueries are used in WHERE clauses rather than checked beforehand in a separate step.
 */

/** The child's id when it belongs to the parent; no row otherwise. */
export function ownedChildIds(db: Kysely<Database>, parentId: string, childId: string) {
  return db
    .selectFrom('children')
    .select('children.id')
    .where('children.id', '=', childId)
    .where('children.parent_id', '=', parentId);
}

/** The ids of the child's word sets when the child belongs to the parent; no rows otherwise. */
export function ownedWordSetIdsOfChild(db: Kysely<Database>, parentId: string, childId: string) {
  return db
    .selectFrom('word_sets')
    .innerJoin('children', 'children.id', 'word_sets.child_id')
    .select('word_sets.id')
    .where('children.id', '=', childId)
    .where('children.parent_id', '=', parentId);
}

/** The word set's id when it belongs to the child and the child to the parent. */
export function ownedWordSetIds(db: Kysely<Database>, parentId: string, childId: string, wordSetId: string) {
  return ownedWordSetIdsOfChild(db, parentId, childId).where('word_sets.id', '=', wordSetId);
}
