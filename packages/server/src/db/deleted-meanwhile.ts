/** A foreign key refused the row, on either engine (pg 23503, better-sqlite3's code). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Runs a write that checks its child, set or word belongs to the parent and then inserts a row
 * naming it. A deletion that commits between the two (another tab, another server) leaves the
 * insert naming a row that is gone: the foreign key refuses it and the transaction rolls back.
 * That is "not found" for the caller, as if the deletion had come first, never a 500.
 * Chosen over locking the child, set and word first: those locks would have to be taken in the
 * order the cascading deletes take them (child, set, word), one statement each, on every write.
 */
export async function unlessDeletedMeanwhile<T, G>(write: () => Promise<T>, gone: G): Promise<T | G> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) return gone;
    throw error;
  }
}
