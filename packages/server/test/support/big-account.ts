import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export interface BigAccountShape {
  children: number;
  setsPerChild: number;
  wordsPerSet: number;
  /** Every `recordEvery`-th word has a recording (0: none). */
  recordEvery: number;
  recordingBytes: number;
  reviewsPerChild: number;
  sheetsPerChild: number;
}

/**
 * Writes an account straight into the tables (far past what the routes let one request make),
 * with many rows sharing each timestamp, so reading it page by page meets ties at the page
 * boundaries. The recordings are random bytes: audio does not compress.
 */
export async function seedBigAccount(kysely: Kysely<Database>, parentId: string, shape: BigAccountShape) {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 60_000).toISOString();
  let recordingBytes = 0;
  for (let c = 0; c < shape.children; c += 1) {
    const childId = randomUUID();
    await kysely
      .insertInto('children')
      .values({ id: childId, parent_id: parentId, name: `Child ${c}`, created_at: at(0) })
      .execute();
    const wordIds: string[] = [];
    for (let s = 0; s < shape.setsPerChild; s += 1) {
      const setId = randomUUID();
      await kysely
        .insertInto('word_sets')
        .values({
          id: setId,
          child_id: childId,
          test_date: `2026-0${1 + (s % 3)}-15`,
          description: `Set ${s}`,
          language: 'English',
          created_at: at(s),
          updated_at: at(s),
        })
        .execute();
      const words = Array.from({ length: shape.wordsPerSet }, (_, w) => ({
        id: randomUUID(),
        word_set_id: setId,
        word_string: `word${s}x${w}`,
        position: w,
        ease_factor: 2.5,
        interval: w % 5,
        next_review: null,
        last_reviewed_at: null,
        review_count: 0,
        created_at: at(w),
      }));
      for (let i = 0; i < words.length; i += 100)
        await kysely
          .insertInto('words')
          .values(words.slice(i, i + 100))
          .execute();
      wordIds.push(...words.map((w) => w.id));
      for (const [w, word] of words.entries()) {
        if (!shape.recordEvery || w % shape.recordEvery !== 0) continue;
        const audio = randomBytes(shape.recordingBytes);
        recordingBytes += audio.length;
        await kysely
          .insertInto('word_recordings')
          .values({
            word_id: word.id,
            content_type: 'audio/webm',
            audio,
            duration_ms: 1500,
            etag: `"${randomUUID()}"`,
            created_at: at(w),
          })
          .execute();
      }
      await kysely
        .insertInto('practice_sessions')
        .values({
          word_set_id: setId,
          child_id: childId,
          word_ids: JSON.stringify(words.map((w) => w.id)),
          position: 0,
          due_count: words.length,
          updated_at: at(s),
        })
        .execute();
    }
    const reviews = Array.from({ length: shape.reviewsPerChild }, (_, r) => ({
      id: randomUUID(),
      child_id: childId,
      word_id: wordIds[r % wordIds.length]!,
      word_set_id: null,
      quality: 1 + (r % 3),
      ease_factor: 2.5,
      interval: 1,
      next_review: '2026-02-01',
      local_date: '2026-01-01',
      reviewed_at: at(r),
      idempotency_key: null,
    }));
    for (let i = 0; i < reviews.length; i += 200)
      await kysely
        .insertInto('word_reviews')
        .values(reviews.slice(i, i + 200))
        .execute();
    for (let p = 0; p < shape.sheetsPerChild; p += 1)
      await kysely
        .insertInto('printed_sheets')
        .values({
          id: randomUUID(),
          child_id: childId,
          word_set_id: null,
          title: `Sheet ${p}`,
          word_ids: JSON.stringify(wordIds.slice(0, 3)),
          words: JSON.stringify(['a', 'b', 'c']),
          created_at: at(p),
        })
        .execute();
  }
  return { recordingBytes };
}
