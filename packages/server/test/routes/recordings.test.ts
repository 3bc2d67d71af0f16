import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES, RECORDING_MESSAGES, addDaysIso, localDate } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/recordings/${name}`, import.meta.url));
const today = localDate('Asia/Singapore');

/** Issue 22: a parent's own recording of a word, judged by its bytes, kept only for its owner. */
describe('PUT/GET/DELETE /api/words/recording/:childId/:wordId', async () => {
  const { app, createParent } = await buildTestApp();
  const { kysely } = app.db;
  const parent = await createParent();
  const other = await createParent();

  async function setUp(as: TestParent, words = 'rainbow\nthunder\nbreeze') {
    const childId = (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Kid' } })
    ).json().id as string;
    const wordSetId = (
      await as.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        payload: { testDate: addDaysIso(today, 30), description: 'Weather', language: 'English', words },
      })
    ).json().id as string;
    const detail = await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
    const wordIds: string[] = detail.json().words.map((w: { id: string }) => w.id);
    return { childId, wordSetId, wordIds };
  }
  const url = (childId: string, wordId: string) => `/api/words/recording/${childId}/${wordId}`;
  const put = (as: TestParent, childId: string, wordId: string, body: Buffer | string, type = 'audio/webm') =>
    as.inject({ method: 'PUT', url: url(childId, wordId), headers: { 'content-type': type }, payload: body });
  const detailOf = async (as: TestParent, childId: string, wordSetId: string) =>
    (await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` })).json() as {
      words: { id: string; wordString: string; hasRecording: boolean }[];
    };
  const recordingCount = async () =>
    Number(
      (
        await kysely
          .selectFrom('word_recordings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['word.webm', 'audio/webm', 'audio/webm;codecs=opus'],
    ['word.ogg', 'audio/ogg', 'audio/ogg;codecs=opus'],
    ['word.m4a', 'audio/mp4', 'audio/mp4'],
    // The declared type is not believed: an Ogg file sent as WebM is kept as Ogg.
    ['word.ogg', 'audio/ogg', 'audio/webm'],
  ])('keeps %s and serves it back as %s (sent as %s)', async (file, served, declared) => {
    const { childId, wordSetId, wordIds } = await setUp(parent);
    const audio = fixture(file);
    const saved = await put(parent, childId, wordIds[0]!, audio, declared);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contentType: served, bytes: audio.length });
    expect(saved.json().durationMs).toBeGreaterThan(900);
    expect(saved.json().durationMs).toBeLessThan(1100);

    const got = await parent.inject({ method: 'GET', url: url(childId, wordIds[0]!) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(served);
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(got.headers.etag).toBe(saved.json().etag);
    expect(got.rawPayload.equals(audio)).toBe(true);

    const words = (await detailOf(parent, childId, wordSetId)).words;
    expect(words.map((w) => w.hasRecording)).toEqual([true, false, false]);
  });

  it('reads the length of a live WebM (no Duration, as MediaRecorder writes it) from its blocks', async () => {
    const { childId, wordIds } = await setUp(parent);
    const saved = await put(parent, childId, wordIds[0]!, fixture('live.webm'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().durationMs).toBeGreaterThan(900);
    const long = await put(parent, childId, wordIds[1]!, fixture('long-live.webm'));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ error: 'recording_too_long', message: RECORDING_MESSAGES.tooLong });
  });

  it.each([
    ['a WAV file', fixture('word.wav'), 415, 'not_a_recording', RECORDING_MESSAGES.notARecording],
    ['an MP3 file', fixture('word.mp3'), 415, 'not_a_recording', RECORDING_MESSAGES.notARecording],
    ['text', Buffer.from('hello, I am not audio'), 415, 'not_a_recording', RECORDING_MESSAGES.notARecording],
    ['JSON', Buffer.from('{"audio":"no"}'), 415, 'not_a_recording', RECORDING_MESSAGES.notARecording],
    ['a WebM cut short', fixture('truncated.webm'), 422, 'recording_damaged', RECORDING_MESSAGES.damaged],
    [
      'a WebM cut mid-cluster',
      fixture('word.webm').subarray(0, 2500),
      422,
      'recording_damaged',
      RECORDING_MESSAGES.damaged,
    ],
    [
      'an Ogg cut short',
      fixture('word.ogg').subarray(0, 2000),
      422,
      'recording_damaged',
      RECORDING_MESSAGES.damaged,
    ],
    [
      'an MP4 cut short',
      fixture('word.m4a').subarray(0, 2500),
      422,
      'recording_damaged',
      RECORDING_MESSAGES.damaged,
    ],
    ['a WebM over 10 seconds', fixture('long.webm'), 422, 'recording_too_long', RECORDING_MESSAGES.tooLong],
    ['an empty body', Buffer.alloc(0), 400, 'recording_empty', RECORDING_MESSAGES.empty],
  ])('refuses %s with a clear %i and keeps nothing', async (_name, body, status, error, message) => {
    const { childId, wordIds } = await setUp(parent);
    const before = await recordingCount();
    const res = await put(parent, childId, wordIds[0]!, body, 'audio/webm');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error, message });
    expect(await recordingCount()).toBe(before);
  });

  it('refuses a body over 256 KB with 413, whatever it is', async () => {
    const { childId, wordIds } = await setUp(parent);
    // A real WebM padded past the limit: the size is refused before the content is looked at.
    const oversized = Buffer.concat([fixture('word.webm'), Buffer.alloc(RECORDING_MAX_BYTES)]);
    const res = await put(parent, childId, wordIds[0]!, oversized);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'recording_too_large', message: RECORDING_MESSAGES.tooLarge });
    const before = await recordingCount();
    expect((await put(parent, childId, wordIds[0]!, fixture('word.webm'))).statusCode).toBe(200);
    expect(await recordingCount()).toBe(before + 1);
  });

  it('answers 304 to a matching If-None-Match, and a new recording gets a new ETag', async () => {
    const { childId, wordIds } = await setUp(parent);
    const first = (await put(parent, childId, wordIds[0]!, fixture('word.webm'))).json().etag as string;
    const again = await parent.inject({
      method: 'GET',
      url: url(childId, wordIds[0]!),
      headers: { 'if-none-match': first },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first);
    expect(again.body).toBe('');

    const second = (await put(parent, childId, wordIds[0]!, fixture('word.ogg'))).json().etag as string;
    expect(second).not.toBe(first);
    const changed = await parent.inject({
      method: 'GET',
      url: url(childId, wordIds[0]!),
      headers: { 'if-none-match': first },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-type']).toBe('audio/ogg');
  });

  it('only the owning parent can read, replace or delete it: another parent gets 404', async () => {
    const { childId, wordIds } = await setUp(parent);
    await put(parent, childId, wordIds[0]!, fixture('word.webm'));
    const theirs = await setUp(other);
    for (const res of [
      await other.inject({ method: 'GET', url: url(childId, wordIds[0]!) }),
      await put(other, childId, wordIds[0]!, fixture('word.ogg')),
      await other.inject({ method: 'DELETE', url: url(childId, wordIds[0]!) }),
      // Their own child with this parent's word, and this parent's child with their word.
      await other.inject({ method: 'GET', url: url(theirs.childId, wordIds[0]!) }),
      await put(other, childId, theirs.wordIds[0]!, fixture('word.ogg')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const still = await parent.inject({ method: 'GET', url: url(childId, wordIds[0]!) });
    expect(still.headers['content-type']).toBe('audio/webm');
    const signedOut = await app.inject({ method: 'GET', url: url(childId, wordIds[0]!) });
    expect(signedOut.statusCode).toBe(401);
  });

  it('DELETE removes it (204, twice alike); GET then answers 404', async () => {
    const { childId, wordSetId, wordIds } = await setUp(parent);
    await put(parent, childId, wordIds[1]!, fixture('word.webm'));
    expect((await parent.inject({ method: 'DELETE', url: url(childId, wordIds[1]!) })).statusCode).toBe(204);
    expect((await parent.inject({ method: 'DELETE', url: url(childId, wordIds[1]!) })).statusCode).toBe(204);
    const gone = await parent.inject({ method: 'GET', url: url(childId, wordIds[1]!) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', message: 'Recording not found' });
    expect((await detailOf(parent, childId, wordSetId)).words.every((w) => !w.hasRecording)).toBe(true);
  });

  it('an edit that keeps a word keeps its recording; a word removed takes its recording with it', async () => {
    const { childId, wordSetId, wordIds } = await setUp(parent);
    await put(parent, childId, wordIds[0]!, fixture('word.webm')); // rainbow
    await put(parent, childId, wordIds[2]!, fixture('word.ogg')); // breeze
    const edited = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${childId}/edit/${wordSetId}`,
      payload: { words: 'cloud\nthunder\nrainbow' },
    });
    expect(edited.statusCode).toBe(200);
    const words = (await detailOf(parent, childId, wordSetId)).words;
    expect(words.map((w) => [w.wordString, w.hasRecording])).toEqual([
      ['cloud', false],
      ['thunder', false],
      ['rainbow', true],
    ]);
    expect(
      await kysely
        .selectFrom('word_recordings')
        .select('word_id')
        .where('word_id', '=', wordIds[2]!)
        .execute(),
    ).toEqual([]);
  });

  it('deleting the set or the child removes its recordings', async () => {
    const a = await setUp(parent);
    await put(parent, a.childId, a.wordIds[0]!, fixture('word.webm'));
    const b = await setUp(parent);
    await put(parent, b.childId, b.wordIds[0]!, fixture('word.webm'));
    const ids = [a.wordIds[0]!, b.wordIds[0]!];
    const left = () =>
      kysely.selectFrom('word_recordings').select('word_id').where('word_id', 'in', ids).execute();
    expect(await left()).toHaveLength(2);
    await parent.inject({ method: 'DELETE', url: `/api/child/${a.childId}/word-sets/${a.wordSetId}` });
    expect(await left()).toEqual([{ word_id: b.wordIds[0] }]);
    await parent.inject({ method: 'DELETE', url: `/api/child/${b.childId}` });
    expect(await left()).toEqual([]);
  });

  it('the data export carries each recording, and deleting the account removes them', async () => {
    const leaving = await createParent();
    const { childId, wordIds } = await setUp(leaving);
    const audio = fixture('word.m4a');
    await put(leaving, childId, wordIds[1]!, audio);
    const exported = await leaving.inject({ method: 'GET', url: '/api/account/export' });
    expect(exported.statusCode).toBe(200);
    const words = exported.json().children[0].wordSets[0].words as {
      wordString: string;
      recording: { contentType: string; bytes: number; base64: string } | null;
    }[];
    expect(words.map((w) => w.recording?.contentType ?? null)).toEqual([null, 'audio/mp4', null]);
    expect(Buffer.from(words[1]!.recording!.base64, 'base64').equals(audio)).toBe(true);
    expect(words[1]!.recording!.bytes).toBe(audio.length);

    expect((await leaving.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    const left = await kysely
      .selectFrom('word_recordings')
      .select('word_id')
      .where('word_id', 'in', wordIds)
      .execute();
    expect(left).toEqual([]);
  });
});
