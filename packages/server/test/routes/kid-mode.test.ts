import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addDaysIso, localDate } from '@spellwell/shared';
import { createDevicePasses, PASS_TTL_MS } from '../../src/modules/kid/device-passes.js';
import { hashToken } from '../../src/modules/auth/refresh-tokens.js';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

/** Issue 36: device passes, the child's session, and what it can do. */
describe('kid mode', async () => {
  const { app, createParent } = await buildTestApp();
  const { kysely } = app.db;
  const parent = await createParent();
  const other = await createParent();

  async function family(as: TestParent, words = 'because\nfriend\nrhythm', language = 'English') {
    const childId = (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Mei' } })
    ).json().id as string;
    const set = await as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate: addDaysIso(today, 60), description: 'Week 1', language, words },
    });
    const wordSetId = set.json().id as string;
    const detail = await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
    const wordIds: string[] = detail.json().words.map((w: { id: string }) => w.id);
    return { childId, wordSetId, wordIds };
  }

  const makePass = (as: TestParent, childId: string) =>
    as.inject({ method: 'POST', url: `/api/child/${childId}/device-passes` });
  const secretOf = (url: string) => url.split('/').pop()!;
  const signIn = (secret: string) =>
    app.inject({ method: 'POST', url: '/api/kid/session', payload: { secret } });

  async function kidSession(as: TestParent, childId: string) {
    const pass = await makePass(as, childId);
    const res = await signIn(secretOf(pass.json().url));
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'kid_refresh_token')!;
    const token = res.json().accessToken as string;
    return {
      passId: pass.json().id as string,
      token,
      cookie,
      inject: (opts: InjectOptions) =>
        app.inject({
          ...opts,
          headers: { ...SG, authorization: `Bearer ${token}`, ...(opts.headers ?? {}) },
        }),
    };
  }

  describe('device passes', () => {
    it('makes a pass with a one-time 256-bit secret, stored only as its hash, valid 24 hours', async () => {
      const { childId } = await family(parent);
      const before = Date.now();
      const res = await makePass(parent, childId);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.url).toMatch(/^http:\/\/[^/]+\/kid\/[A-Za-z0-9_-]{43}$/);
      const secret = secretOf(body.url);
      const expires = Date.parse(body.expiresAt);
      expect(expires - before).toBeGreaterThanOrEqual(PASS_TTL_MS - 1000);
      expect(expires - before).toBeLessThanOrEqual(PASS_TTL_MS + 5000);
      const row = await kysely
        .selectFrom('device_passes')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row.secret_hash).toBe(hashToken(secret));
      expect(JSON.stringify(row)).not.toContain(secret);
      const list = await parent.inject({ method: 'GET', url: `/api/child/${childId}/device-passes` });
      expect(list.json().passes).toEqual([
        { id: body.id, createdAt: expect.any(String), expiresAt: body.expiresAt, lastUsedAt: null },
      ]);
      expect(list.body).not.toContain(secret);
    });

    it('signs the device in as that child once; a second use gets 401', async () => {
      const { childId } = await family(parent);
      const pass = await makePass(parent, childId);
      const first = await signIn(secretOf(pass.json().url));
      expect(first.statusCode).toBe(200);
      expect(first.json().child).toEqual({ id: childId, name: 'Mei' });
      const cookie = first.cookies.find((c) => c.name === 'kid_refresh_token')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/api/kid/session');
      const second = await signIn(secretOf(pass.json().url));
      expect(second.statusCode).toBe(401);
      expect(second.json().error).toBe('pass_invalid');
      const list = await parent.inject({ method: 'GET', url: `/api/child/${childId}/device-passes` });
      expect(list.json().passes[0].lastUsedAt).not.toBeNull();
    });

    it('refuses an unknown or malformed secret, and an expired pass', async () => {
      expect((await signIn('A'.repeat(43))).statusCode).toBe(401);
      const bad = await signIn('short');
      expect(bad.statusCode).toBe(400);
      const { childId } = await family(parent);
      const past = createDevicePasses(app.db, () => new Date(Date.now() - PASS_TTL_MS - 60_000));
      const old = await past.create(parent.id, childId);
      if (!old || old === 'too-many') throw new Error('no pass');
      expect((await signIn(old.secret)).statusCode).toBe(401);
    });

    it('revokes at once: the device’s next request and refresh fail', async () => {
      const { childId } = await family(parent);
      const kid = await kidSession(parent, childId);
      expect((await kid.inject({ method: 'GET', url: '/api/kid/practice' })).statusCode).toBe(200);
      const del = await parent.inject({
        method: 'DELETE',
        url: `/api/child/${childId}/device-passes/${kid.passId}`,
      });
      expect(del.statusCode).toBe(204);
      expect((await kid.inject({ method: 'GET', url: '/api/kid/practice' })).statusCode).toBe(401);
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/kid/session/refresh',
        cookies: { kid_refresh_token: kid.cookie.value },
      });
      expect(refresh.statusCode).toBe(401);
      const list = await parent.inject({ method: 'GET', url: `/api/child/${childId}/device-passes` });
      expect(list.json().passes).toEqual([]);
    });

    it('answers 404 to another parent, and changes nothing', async () => {
      const { childId } = await family(parent);
      const pass = await makePass(parent, childId);
      expect((await makePass(other, childId)).statusCode).toBe(404);
      expect(
        (await other.inject({ method: 'GET', url: `/api/child/${childId}/device-passes` })).statusCode,
      ).toBe(404);
      const del = await other.inject({
        method: 'DELETE',
        url: `/api/child/${childId}/device-passes/${pass.json().id}`,
      });
      expect(del.statusCode).toBe(404);
      expect((await signIn(secretOf(pass.json().url))).statusCode).toBe(200);
    });

    it('rotates the refresh cookie like the parent’s; a spent one ends the family', async () => {
      const { childId } = await family(parent);
      const kid = await kidSession(parent, childId);
      const first = await app.inject({
        method: 'POST',
        url: '/api/kid/session/refresh',
        cookies: { kid_refresh_token: kid.cookie.value },
      });
      expect(first.statusCode).toBe(200);
      const next = first.cookies.find((c) => c.name === 'kid_refresh_token')!;
      expect(next.value).not.toBe(kid.cookie.value);
      const token = first.json().accessToken as string;
      const practice = await app.inject({
        method: 'GET',
        url: '/api/kid/practice',
        headers: { ...SG, authorization: `Bearer ${token}` },
      });
      expect(practice.statusCode).toBe(200);
      // The new one works, then the old one (outside the grace window) revokes the family.
      await kysely
        .updateTable('kid_refresh_tokens')
        .set({ used_at: '2000-01-01T00:00:00.000Z' })
        .where('token_hash', '=', hashToken(kid.cookie.value))
        .execute();
      const reuse = await app.inject({
        method: 'POST',
        url: '/api/kid/session/refresh',
        cookies: { kid_refresh_token: kid.cookie.value },
      });
      expect(reuse.statusCode).toBe(401);
      const after = await app.inject({
        method: 'POST',
        url: '/api/kid/session/refresh',
        cookies: { kid_refresh_token: next.value },
      });
      expect(after.statusCode).toBe(401);
    });
  });

  describe('practice', () => {
    it('lists the child’s sets with due counts, and gives the next word without its spelling', async () => {
      const { childId, wordSetId, wordIds } = await family(parent);
      const kid = await kidSession(parent, childId);
      const practice = await kid.inject({ method: 'GET', url: '/api/kid/practice' });
      expect(practice.json().wordSets).toEqual([
        {
          id: wordSetId,
          description: 'Week 1',
          language: 'English',
          testDate: addDaysIso(today, 60),
          dueCount: 3,
        },
      ]);
      const next = await kid.inject({ method: 'GET', url: `/api/kid/word-sets/${wordSetId}/next` });
      expect(next.statusCode).toBe(200);
      expect(next.json()).toMatchObject({
        id: wordIds[0],
        language: 'English',
        hasRecording: false,
        remaining: 3,
      });
      expect(next.body.toLowerCase()).not.toContain('because');
      const audio = await kid.inject({ method: 'GET', url: next.json().audioUrl });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toMatch(/^audio\//);
    });

    it('marks letters without showing one not typed, and grades by the rule through the scheduler', async () => {
      const { childId, wordSetId, wordIds } = await family(parent);
      const kid = await kidSession(parent, childId);
      const answer = (wordId: string, text: string, attempt: number) =>
        kid.inject({ method: 'POST', url: `/api/kid/answers/${wordId}`, payload: { answer: text, attempt } });

      // Right first time, with case and spaces: Easy.
      const easy = await answer(wordIds[0]!, '  BeCause ', 1);
      expect(easy.json()).toMatchObject({ correct: true, expected: 'because', grade: 1 });

      // Wrong, then right: Medium. The wrong answer shows no letter the child did not type.
      const wrong = await answer(wordIds[1]!, 'frend', 1);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toEqual({
        correct: false,
        marks: [
          { char: 'f', mark: 'right' },
          { char: 'r', mark: 'right' },
          { mark: 'missing' },
          { char: 'e', mark: 'right' },
          { char: 'n', mark: 'right' },
          { char: 'd', mark: 'right' },
        ],
      });
      expect(wrong.body).not.toContain('friend');
      expect((await answer(wordIds[1]!, 'friend', 2)).json()).toMatchObject({ correct: true, grade: 2 });

      // Never right: Difficult after the third attempt, and the spelling is shown.
      expect((await answer(wordIds[2]!, 'ritm', 1)).json().expected).toBeUndefined();
      expect((await answer(wordIds[2]!, 'rithm', 2)).json().expected).toBeUndefined();
      const third = await answer(wordIds[2]!, 'rythm', 3);
      expect(third.json()).toMatchObject({ correct: false, expected: 'rhythm', grade: 3 });
      expect(third.json().marks).toEqual([
        { char: 'r', mark: 'right' },
        { mark: 'missing' },
        ...'ythm'.split('').map((char) => ({ char, mark: 'right' })),
      ]);

      const reviews = await kysely
        .selectFrom('word_reviews')
        .select(['word_id', 'quality', 'child_answer', 'child_attempts'])
        .where('child_id', '=', childId)
        .execute();
      const byWord = Object.fromEntries(reviews.map((r) => [r.word_id, r]));
      expect(byWord[wordIds[0]!]).toMatchObject({ quality: 1, child_answer: 'BeCause', child_attempts: 1 });
      expect(byWord[wordIds[1]!]).toMatchObject({ quality: 2, child_answer: 'friend', child_attempts: 2 });
      expect(byWord[wordIds[2]!]).toMatchObject({ quality: 3, child_answer: 'rythm', child_attempts: 3 });
      expect(reviews).toHaveLength(3);
      // The parent's Word List says which grades the child made alone, with the typed answer.
      const detail = await parent.inject({
        method: 'GET',
        url: `/api/child/${childId}/word-sets/${wordSetId}`,
      });
      expect(detail.json().words.map((w: { childGrade: unknown }) => w.childGrade)).toEqual([
        { quality: 1, answer: 'BeCause', attempts: 1 },
        { quality: 2, answer: 'friend', attempts: 2 },
        { quality: 3, answer: 'rythm', attempts: 3 },
      ]);
      // A parent's grade after it is the word's last: no longer marked as the child's.
      const regrade = await parent.inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${wordIds[2]}`,
        headers: SG,
        payload: { quality: 2 },
      });
      expect(regrade.statusCode).toBe(200);
      const after = await parent.inject({
        method: 'GET',
        url: `/api/child/${childId}/word-sets/${wordSetId}`,
      });
      expect(after.json().words[2].childGrade).toBeUndefined();
      // The scheduler moved every word on: nothing is due today.
      const words = await kysely
        .selectFrom('words')
        .select('next_review')
        .where('word_set_id', '=', wordSetId)
        .execute();
      for (const w of words) expect(w.next_review! > today).toBe(true);
      const none = await kid.inject({ method: 'GET', url: `/api/kid/word-sets/${wordSetId}/next` });
      expect(none.statusCode).toBe(204);
    });

    it('counts the attempts itself: a device claiming attempt 3 first does not get the spelling', async () => {
      const { childId, wordSetId, wordIds } = await family(parent);
      const kid = await kidSession(parent, childId);
      const answer = (text: string, attempt: number, answerId?: string) =>
        kid.inject({
          method: 'POST',
          url: `/api/kid/answers/${wordIds[0]}`,
          payload: { answer: text, attempt, ...(answerId ? { answerId } : {}) },
        });
      const claimed = await answer('becuase', 3);
      expect(claimed.statusCode).toBe(409);
      expect(claimed.json()).toEqual({
        error: 'attempt_out_of_turn',
        message: 'This is try 1 at this word, not 3.',
        attempt: 1,
      });
      expect(claimed.body).not.toContain('because');
      // Right on the first real try after a refused claim is still the first try.
      expect((await answer('becuase', 1, 'answer-one')).json().expected).toBeUndefined();
      // A retry of the same answer (same key) is answered again, not counted twice.
      const retry = await answer('becuase', 1, 'answer-one');
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ correct: false });
      expect(retry.json().expected).toBeUndefined();
      // Sent again without its key, or skipping ahead, it is out of turn.
      expect((await answer('becuase', 1)).statusCode).toBe(409);
      expect((await answer('becuase', 3)).json().attempt).toBe(2);
      // The next word's screen learns where the device is.
      const next = await kid.inject({ method: 'GET', url: `/api/kid/word-sets/${wordSetId}/next` });
      expect(next.json()).toMatchObject({ id: wordIds[0], attempt: 2 });
      const right = await answer('because', 2, 'answer-two');
      expect(right.json()).toMatchObject({ correct: true, expected: 'because', grade: 2 });
      // The reply was lost and the device sends it again: the same answer, one grade.
      expect((await answer('because', 2, 'answer-two')).json()).toEqual(right.json());
      const reviews = await kysely
        .selectFrom('word_reviews')
        .select(['quality', 'child_attempts'])
        .where('child_id', '=', childId)
        .execute();
      expect(reviews).toEqual([{ quality: 2, child_attempts: 2 }]);
    });

    it('keeps the count in the database, per device', async () => {
      const { childId, wordIds } = await family(parent);
      const one = await kidSession(parent, childId);
      const two = await kidSession(parent, childId);
      const send = (kid: typeof one, attempt: number) =>
        kid.inject({
          method: 'POST',
          url: `/api/kid/answers/${wordIds[1]}`,
          payload: { answer: 'frend', attempt },
        });
      expect((await send(one, 1)).statusCode).toBe(200);
      expect((await send(two, 1)).statusCode).toBe(200);
      const rows = await kysely
        .selectFrom('kid_word_attempts')
        .select(['pass_id', 'attempts', 'last_answer'])
        .where('word_id', '=', wordIds[1]!)
        .orderBy('pass_id')
        .execute();
      expect(rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))).toEqual(
        [one.passId, two.passId].sort().map((pass_id) => ({ pass_id, attempts: 1, last_answer: 'frend' })),
      );
      expect((await send(one, 2)).statusCode).toBe(200);
      expect((await send(one, 2)).statusCode).toBe(409);
    });

    it('marks the child’s own grades, with what was typed, in today’s statistics and the history', async () => {
      const { childId, wordIds } = await family(parent);
      const kid = await kidSession(parent, childId);
      const answer = (wordId: string, text: string, attempt: number) =>
        kid.inject({ method: 'POST', url: `/api/kid/answers/${wordId}`, payload: { answer: text, attempt } });
      await answer(wordIds[0]!, 'because', 1);
      await answer(wordIds[1]!, 'frend', 1);
      await answer(wordIds[1]!, 'friend', 2);
      // The parent grades the third word: counted, but not as the child's.
      await parent.inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${wordIds[2]}`,
        headers: SG,
        payload: { quality: 1 },
      });
      const stats = await parent.inject({ method: 'GET', url: `/api/review/today/${childId}`, headers: SG });
      expect(stats.json()).toMatchObject({ wordsReviewedToday: 3, onOwnToday: 2 });
      // Latest first; two grades within one millisecond may come either way.
      expect(stats.json().ownAnswersToday).toHaveLength(2);
      expect(stats.json().ownAnswersToday).toEqual(
        expect.arrayContaining([
          { wordId: wordIds[1], word: 'friend', answer: 'friend', quality: 2, attempts: 2 },
          { wordId: wordIds[0], word: 'because', answer: 'because', quality: 1, attempts: 1 },
        ]),
      );
      const history = await parent.inject({
        method: 'GET',
        url: `/api/review/history/${childId}?days=2`,
        headers: SG,
      });
      expect(history.json().days.at(-1)).toEqual({ date: today, wordsReviewed: 3, onOwn: 2, gradedBy: [] });
      expect(history.json().days[0]).toMatchObject({ wordsReviewed: 0, onOwn: 0 });
    });

    it('grades a Chinese word written in the stroke quiz by the suggestion rule, and serves its shapes', async () => {
      const { childId, wordSetId, wordIds } = await family(parent, '朋友\n水\n大家', 'Chinese');
      const kid = await kidSession(parent, childId);
      const strokes = await kid.inject({ method: 'GET', url: `/api/kid/words/${wordIds[0]}/strokes` });
      expect(strokes.statusCode).toBe(200);
      const characters = strokes.json().characters as { strokes: string[]; medians: unknown[] }[];
      expect(characters).toHaveLength(2);
      expect(characters[0]!.strokes.length).toBe(8); // 朋
      // Shapes only: the word itself is not in the answer.
      expect(strokes.body).not.toMatch(/朋|友/);
      const write = (wordId: string, mistakes: number, hintUsed = false) =>
        kid.inject({
          method: 'POST',
          url: `/api/kid/answers/${wordId}`,
          payload: { kind: 'strokes', mistakes, hintUsed, attempt: 1 },
        });
      expect((await write(wordIds[0]!, 0)).json()).toMatchObject({
        correct: true,
        expected: '朋友',
        grade: 1,
      });
      expect((await write(wordIds[1]!, 2)).json()).toMatchObject({ expected: '水', grade: 2 });
      expect((await write(wordIds[2]!, 0, true)).json()).toMatchObject({ expected: '大家', grade: 3 });
      const detail = await parent.inject({
        method: 'GET',
        url: `/api/child/${childId}/word-sets/${wordSetId}`,
      });
      expect(detail.json().words.map((w: { childGrade: unknown }) => w.childGrade)).toEqual([
        { quality: 1, answer: '朋友', attempts: 1, mistakes: 0 },
        { quality: 2, answer: '水', attempts: 1, mistakes: 2 },
        { quality: 3, answer: '大家', attempts: 1, mistakes: 0 },
      ]);
    });

    it('refuses strokes for a word not in Chinese, and bad stroke answers, changing nothing', async () => {
      const { childId, wordIds } = await family(parent, 'because');
      const kid = await kidSession(parent, childId);
      const english = await kid.inject({
        method: 'POST',
        url: `/api/kid/answers/${wordIds[0]}`,
        payload: { kind: 'strokes', mistakes: 0, hintUsed: false, attempt: 1 },
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toBe('Only a Chinese word is written in strokes.');
      expect(
        (await kid.inject({ method: 'GET', url: `/api/kid/words/${wordIds[0]}/strokes` })).statusCode,
      ).toBe(404);
      const chinese = await family(parent, '水', 'Chinese');
      const kid2 = await kidSession(parent, chinese.childId);
      for (const payload of [
        { kind: 'strokes', mistakes: -1, hintUsed: false, attempt: 1 },
        { kind: 'strokes', mistakes: 1.5, hintUsed: false, attempt: 1 },
        { kind: 'strokes', mistakes: 0, attempt: 1 },
        { kind: 'strokes', mistakes: 501, hintUsed: false, attempt: 1 },
        { kind: 'drawing', mistakes: 0, hintUsed: false, attempt: 1 },
      ]) {
        const res = await kid2.inject({
          method: 'POST',
          url: `/api/kid/answers/${chinese.wordIds[0]}`,
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const reviews = await kysely
        .selectFrom('word_reviews')
        .select('id')
        .where('child_id', 'in', [childId, chinese.childId])
        .execute();
      expect(reviews).toEqual([]);
    });

    it('marks a wrong letter and an extra one', async () => {
      const { childId, wordIds } = await family(parent, 'cat');
      const kid = await kidSession(parent, childId);
      const res = await kid.inject({
        method: 'POST',
        url: `/api/kid/answers/${wordIds[0]}`,
        payload: { answer: 'kats', attempt: 1 },
      });
      expect(res.json()).toEqual({
        correct: false,
        marks: [
          { char: 'k', mark: 'wrong' },
          { char: 'a', mark: 'right' },
          { char: 't', mark: 'right' },
          { char: 's', mark: 'extra' },
        ],
      });
    });

    it('compares after Unicode NFC', async () => {
      const { childId, wordIds } = await family(parent, 'café\nnaïve');
      const kid = await kidSession(parent, childId);
      // "cafe" + combining acute accent (NFD) against the stored NFC "café".
      const res = await kid.inject({
        method: 'POST',
        url: `/api/kid/answers/${wordIds[0]}`,
        payload: { answer: 'CAFE\u0301', attempt: 1 },
      });
      expect(res.json()).toMatchObject({ correct: true, grade: 1 });
    });

    it('refuses bad answers with 400 and another child’s words with 404, changing nothing', async () => {
      const mine = await family(parent);
      const theirs = await family(other);
      const kid = await kidSession(parent, mine.childId);
      for (const payload of [
        { answer: 'x', attempt: 4 },
        { answer: 'x' },
        { attempt: 1 },
        { answer: 'x'.repeat(101), attempt: 1 },
      ]) {
        const res = await kid.inject({ method: 'POST', url: `/api/kid/answers/${mine.wordIds[0]}`, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const res = await kid.inject({
        method: 'POST',
        url: `/api/kid/answers/${theirs.wordIds[0]}`,
        payload: { answer: 'because', attempt: 1 },
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await kid.inject({ method: 'GET', url: `/api/kid/word-sets/${theirs.wordSetId}/next` })).statusCode,
      ).toBe(404);
      expect(
        (await kid.inject({ method: 'GET', url: `/api/kid/words/${theirs.wordIds[0]}/audio` })).statusCode,
      ).toBe(404);
      const reviews = await kysely
        .selectFrom('word_reviews')
        .select('id')
        .where('child_id', 'in', [mine.childId, theirs.childId])
        .execute();
      expect(reviews).toEqual([]);
    });

    it('refuses the parent’s token on kid routes', async () => {
      const { wordSetId } = await family(parent);
      const res = await parent.inject({ method: 'GET', url: `/api/kid/word-sets/${wordSetId}/next` });
      expect(res.statusCode).toBe(401);
    });
  });
});
