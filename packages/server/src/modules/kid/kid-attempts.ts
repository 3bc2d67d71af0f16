import type { Db } from '../../db/database.js';

/** Where a device is with one word, by the server's own count. */
export interface WordAttempts {
  attempts: number;
  lastAnswer: string;
  answerId: string | null;
  /** The grade once the word is done; the next answer then starts a new round at 1. */
  grade: 1 | 2 | 3 | null;
}

/** The attempt the server takes next from this device at this word. */
export const nextAttempt = (seen: WordAttempts | undefined): number =>
  !seen || seen.grade !== null ? 1 : seen.attempts + 1;

/**
 * The server's count of a device's attempts at each word (issue 36, decision 018): the grade
 * rests on it, not on the number the device sends. Each write is conditional on the row as it
 * was read, so two requests racing for one attempt count it once (the loser is told to retry).
 */
export function createKidAttempts(db: Db, now: () => Date = () => new Date()) {
  const { kysely } = db;
  return {
    async find(passId: string, wordId: string): Promise<WordAttempts | undefined> {
      const row = await kysely
        .selectFrom('kid_word_attempts')
        .select(['attempts', 'last_answer', 'answer_id', 'grade'])
        .where('pass_id', '=', passId)
        .where('word_id', '=', wordId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        attempts: Number(row.attempts),
        lastAnswer: row.last_answer,
        answerId: row.answer_id,
        grade: row.grade === null ? null : (Number(row.grade) as 1 | 2 | 3),
      };
    },

    /** Counts the next attempt if the row is still as `seen`; false when another request won. */
    async count(
      passId: string,
      wordId: string,
      seen: WordAttempts | undefined,
      answer: string,
      answerId: string | null,
    ): Promise<boolean> {
      const at = now().toISOString();
      const attempts = nextAttempt(seen);
      const values = { attempts, last_answer: answer, answer_id: answerId, done_at: null, grade: null };
      if (!seen) {
        const inserted = await kysely
          .insertInto('kid_word_attempts')
          .values({ pass_id: passId, word_id: wordId, ...values, updated_at: at })
          .onConflict((oc) => oc.columns(['pass_id', 'word_id']).doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await kysely
        .updateTable('kid_word_attempts')
        .set({ ...values, updated_at: at })
        .where('pass_id', '=', passId)
        .where('word_id', '=', wordId)
        .where('attempts', '=', seen.attempts)
        .where('grade', seen.grade === null ? 'is' : '=', seen.grade)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** The word is done with this grade: a retry of the last answer gets it again. */
    async finish(passId: string, wordId: string, grade: 1 | 2 | 3): Promise<void> {
      const at = now().toISOString();
      await kysely
        .updateTable('kid_word_attempts')
        .set({ grade, done_at: at, updated_at: at })
        .where('pass_id', '=', passId)
        .where('word_id', '=', wordId)
        .execute();
    },
  };
}

export type KidAttempts = ReturnType<typeof createKidAttempts>;
