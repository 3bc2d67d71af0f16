import { describe, expect, it } from 'vitest';
import { AccountExportSchema } from '@spellwell/shared';
import { buildTestApp } from '../helper.js';
import { seedBigAccount } from '../support/big-account.js';

interface ExportedWord {
  id: string;
  position: number;
  recording: {
    contentType: string;
    durationMs: number;
    bytes: number;
    createdAt: string;
    base64: string;
  } | null;
}
interface ExportedChild {
  id: string;
  printedSheets: { id: string; createdAt: string }[];
  wordSets: { id: string; testDate: string; words: ExportedWord[] }[];
  reviews: { id: string; reviewedAt: string }[];
  practiceSessions: { wordSetId: string; wordIds: string[] }[];
}

/** `rows` sorted as the export orders them: by `key`, then by id. */
const byKeyThenId = <T extends { id: string }>(rows: T[], key: (row: T) => string | number) =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));

describe('the account export, written as it is read', async () => {
  const ctx = await buildTestApp();
  const { kysely } = ctx.app.db;

  it('holds every row of an account many pages long, once each and in order, as AccountExportSchema says', async () => {
    const parent = await ctx.createParent();
    const other = await ctx.createParent();
    // Many sets of a few words (sessions past a page), and one set of 1,010 words (words past
    // two pages); reviews and sheets past their pages, seven rows to each timestamp.
    const shape = { children: 1, recordingBytes: 3000, reviewsPerChild: 1100, sheetsPerChild: 12 };
    await seedBigAccount(kysely, parent.id, { ...shape, setsPerChild: 55, wordsPerSet: 12, recordEvery: 5 });
    await seedBigAccount(kysely, parent.id, {
      ...shape,
      setsPerChild: 1,
      wordsPerSet: 1010,
      recordEvery: 100,
    });
    await seedBigAccount(kysely, other.id, { ...shape, setsPerChild: 2, wordsPerSet: 5, recordEvery: 1 });

    const res = await parent.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="spellwell-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = AccountExportSchema.parse(JSON.parse(res.body));
    const children = data.children as unknown as ExportedChild[];

    const childRows = await kysely
      .selectFrom('children')
      .selectAll()
      .where('parent_id', '=', parent.id)
      .execute();
    expect(children.map((c) => c.id)).toEqual(byKeyThenId(childRows, (c) => c.created_at).map((c) => c.id));
    for (const child of children) {
      const sets = await kysely
        .selectFrom('word_sets')
        .selectAll()
        .where('child_id', '=', child.id)
        .execute();
      expect(child.wordSets.map((s) => s.id)).toEqual(byKeyThenId(sets, (s) => s.test_date).map((s) => s.id));
      const recordings = new Map(
        (
          await kysely
            .selectFrom('word_recordings')
            .innerJoin('words', 'words.id', 'word_recordings.word_id')
            .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
            .select(['word_recordings.word_id', 'word_recordings.audio'])
            .where('word_sets.child_id', '=', child.id)
            .execute()
        ).map((r) => [r.word_id, Buffer.from(r.audio)]),
      );
      for (const set of child.wordSets) {
        const words = await kysely
          .selectFrom('words')
          .selectAll()
          .where('word_set_id', '=', set.id)
          .execute();
        expect(set.words.map((w) => w.id)).toEqual(byKeyThenId(words, (w) => w.position).map((w) => w.id));
        for (const word of set.words) {
          const audio = recordings.get(word.id);
          if (!audio) expect(word.recording).toBeNull();
          else {
            expect(word.recording).toMatchObject({
              contentType: 'audio/webm',
              durationMs: 1500,
              bytes: audio.length,
            });
            expect(Buffer.from(word.recording!.base64, 'base64').equals(audio)).toBe(true);
          }
        }
      }
      expect(child.wordSets.flatMap((s) => s.words).filter((w) => w.recording).length).toBe(recordings.size);
      const reviews = await kysely
        .selectFrom('word_reviews')
        .selectAll()
        .where('child_id', '=', child.id)
        .execute();
      expect(child.reviews.map((r) => r.id)).toEqual(
        byKeyThenId(reviews, (r) => r.reviewed_at).map((r) => r.id),
      );
      const sheets = await kysely
        .selectFrom('printed_sheets')
        .selectAll()
        .where('child_id', '=', child.id)
        .execute();
      expect(child.printedSheets.map((p) => p.id)).toEqual(
        byKeyThenId(sheets, (p) => p.created_at).map((p) => p.id),
      );
      const sessions = await kysely
        .selectFrom('practice_sessions')
        .select(['word_set_id', 'word_ids'])
        .where('child_id', '=', child.id)
        .orderBy('word_set_id')
        .execute();
      expect(child.practiceSessions.map((s) => [s.wordSetId, s.wordIds])).toEqual(
        sessions.map((s) => [s.word_set_id, JSON.parse(s.word_ids)]),
      );
    }
    const counts = children.map((c) => [
      c.wordSets.length,
      c.wordSets.reduce((n, s) => n + s.words.length, 0),
      c.reviews.length,
      c.printedSheets.length,
      c.practiceSessions.length,
    ]);
    // Both children were made at the same instant: their order is their ids'.
    expect(counts.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 1010, 1100, 12, 1],
      [55, 660, 1100, 12, 55],
    ]);
    // Nothing of the other parent.
    const theirs = await kysely
      .selectFrom('children')
      .select('id')
      .where('parent_id', '=', other.id)
      .execute();
    for (const { id } of theirs) expect(res.body).not.toContain(id);
  });

  it('answers 401 for a parent deleted since the token was issued, and a HEAD reads nothing', async () => {
    const parent = await ctx.createParent();
    const head = await parent.inject({ method: 'HEAD', url: '/api/account/export' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.body).toBe('');
    await kysely.deleteFrom('parents').where('id', '=', parent.id).execute();
    const gone = await parent.inject({ method: 'GET', url: '/api/account/export' });
    expect(gone.statusCode).toBe(401);
  });
});

describe('the account export is rate limited per parent', async () => {
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '1' });

  it('allows 5 downloads an hour, then answers 429 JSON with Retry-After, and other parents are not held up', async () => {
    const parent = await ctx.createParent();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await parent.inject({ method: 'GET', url: '/api/account/export' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await parent.inject({ method: 'GET', url: '/api/account/export' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many downloads of your data\. Please try again in (1 hour|\d+ minutes?)\.$/,
      ),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const other = await ctx.createParent();
    expect((await other.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(200);
  });
});
