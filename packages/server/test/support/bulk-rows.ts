import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';

/*
 * Rows written straight into the database, for tests that need a family far bigger than the
 * API lets anyone make in a test's time (tens of thousands of words, thousands of sets). Every
 * row is what the API itself would write.
 */

const at = () => new Date().toISOString();
/** Rows per INSERT: well inside SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

async function insertInBatches(app: App, table: 'word_sets' | 'words' | 'printed_sheets', rows: object[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await app.db.kysely
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** `count` sets for the child with `wordsEach` never-graded (so due) words each; their ids. */
export async function addSets(app: App, childId: string, count: number, wordsEach = 0): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await insertInBatches(
    app,
    'word_sets',
    ids.map((id, n) => ({
      id,
      child_id: childId,
      test_date: '2099-01-01',
      description: `Bulk ${n}`,
      language: 'English',
      created_at: at(),
      updated_at: at(),
    })),
  );
  const words = ids.flatMap((wordSetId) =>
    Array.from({ length: wordsEach }, (_, position) => ({
      id: randomUUID(),
      word_set_id: wordSetId,
      word_string: `word${position}`,
      position,
      ease_factor: 2.5,
      interval: 0,
      next_review: null,
      last_reviewed_at: null,
      created_at: at(),
    })),
  );
  await insertInBatches(app, 'words', words);
  return ids;
}

/** `count` printed sheets of the child (one word each, as small as a real one can be). */
export async function addSheets(app: App, childId: string, count: number): Promise<void> {
  await insertInBatches(
    app,
    'printed_sheets',
    Array.from({ length: count }, () => ({
      id: randomUUID(),
      child_id: childId,
      word_set_id: null,
      title: "Today's words",
      word_ids: JSON.stringify([randomUUID()]),
      words: JSON.stringify(['bulk']),
      created_at: at(),
    })),
  );
}
