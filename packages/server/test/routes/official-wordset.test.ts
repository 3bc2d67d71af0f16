import { describe, expect, it } from 'vitest';
import { MESSAGES, addDaysIso, localDate } from '@spellwell/shared';
import { SAMPLE_SCHOOLS, up as seedSamples } from '../../src/db/migrations/002-official-samples.js';
import { buildTestApp } from '../helper.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

describe('official word sets', async () => {
  const { app, createParent } = await buildTestApp({
    ADMIN_EMAILS: 'someone@example.com, Admin@Example.com',
  });
  const admin = await createParent('admin@example.com');
  const parent = await createParent();

  const list = async () => {
    const res = await parent.inject({ method: 'GET', url: '/api/official-wordset', headers: SG });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      id: string;
      school: string;
      testDate: string;
      description: string;
      language: string;
      words: string[];
    }[];
  };
  const create = (payload: Record<string, unknown>, as = admin) =>
    as.inject({
      method: 'POST',
      url: '/api/official-wordset/create',
      headers: SG,
      payload: {
        testDate: addDaysIso(today, 8),
        description: 'P4 Spelling 2',
        language: 'English',
        words: 'island\nvillage',
        ...payload,
      },
    });
  const rowCount = async () =>
    (await app.db.kysely.selectFrom('official_word_sets').select('id').execute()).length;

  it('starts with the small labelled sample lists in four languages, all upcoming', async () => {
    const samples = await list();
    expect(samples.map((s) => [s.school, s.testDate, s.description, s.language])).toEqual([
      [SAMPLE_SCHOOLS[0], addDaysIso(today, 7), 'P3 Spelling Test 1', 'English'],
      [SAMPLE_SCHOOLS[0], addDaysIso(today, 10), 'P3 听写 1', 'Chinese'],
      [SAMPLE_SCHOOLS[1], addDaysIso(today, 14), 'P3 Ejaan 1', 'Malay'],
      [SAMPLE_SCHOOLS[1], addDaysIso(today, 21), 'P3 Tamil Spelling 1', 'Tamil'],
    ]);
    expect(samples[1]!.words).toContain('我们');
    expect(samples[2]!.words).toContain('sekolah');
    expect(samples[3]!.words).toContain('பள்ளி');
    for (const sample of samples) {
      for (const word of sample.words) expect(word).toBe(word.normalize('NFC'));
    }
  });

  it('seeds only an empty table', async () => {
    const before = await rowCount();
    await seedSamples(app.db.kysely as never);
    expect(await rowCount()).toBe(before);
  });

  it('lets an admin add a list with its school (blank: "Unspecified school"); past tests are left out', async () => {
    const soon = await create({
      testDate: addDaysIso(today, 1),
      description: 'Tomorrow',
      words: ' 我们 \n朋友\n我们',
    });
    expect(soon.statusCode).toBe(201);
    expect(soon.json()).toEqual({ id: expect.any(String) });
    const past = await create({
      testDate: addDaysIso(today, -3),
      description: 'Last week',
      school: '  Rosyth School ',
    });
    expect(past.statusCode).toBe(201);
    const between = await create({ testDate: addDaysIso(today, 8), language: 'Tamil', words: 'நண்பன்\nமரம்' });
    const sameDay = await create({ testDate: today, description: 'Today', school: 'Nanyang Primary' });

    const all = await list();
    expect(all.map((s) => s.id)).not.toContain(past.json().id);
    expect(all.every((s) => s.testDate >= today)).toBe(true);
    // A test today is still ahead of the child: it stays, first.
    expect(all[0]).toMatchObject({ id: sameDay.json().id, school: 'Nanyang Primary', testDate: today });
    expect(all.map((s) => s.id).indexOf(soon.json().id)).toBe(1);
    expect(all.map((s) => s.id).indexOf(between.json().id)).toBe(3);
    // The past one is kept (an admin's record), only not offered.
    const stored = await app.db.kysely
      .selectFrom('official_word_sets')
      .select(['school', 'test_date'])
      .where('id', '=', past.json().id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ school: 'Rosyth School', test_date: addDaysIso(today, -3) });
    expect(all[1]).toEqual({
      id: soon.json().id,
      school: 'Unspecified school',
      testDate: addDaysIso(today, 1),
      description: 'Tomorrow',
      language: 'English',
      words: ['我们', '朋友'],
    });
    expect(all[3]!.words).toEqual(['நண்பன்', 'மரம்']);
    const row = await app.db.kysely
      .selectFrom('official_word_sets')
      .selectAll()
      .where('id', '=', soon.json().id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(admin.id);
  });

  it('answers 403 JSON to a parent who is not an admin, and adds nothing', async () => {
    const before = await rowCount();
    const res = await create({}, parent);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'forbidden',
      message: 'Only administrators can add official word lists.',
    });
    expect(await rowCount()).toBe(before);
  });

  it.each([
    [{ testDate: '' }, 'Test date is required'],
    [{ testDate: undefined }, 'Test date is required'],
    [{ description: '' }, 'Description is required'],
    [{ description: 'x'.repeat(21) }, 'Description cannot exceed 20 characters'],
    [{ language: '' }, 'Language is required'],
    [{ language: undefined }, 'Language is required'],
    [{ words: '' }, 'Add at least one word'],
    [
      { words: Array.from({ length: 201 }, (_, i) => `w${i}`).join('\n') },
      'A practice can hold at most 200 words',
    ],
    [{ words: 'z'.repeat(51) }, 'Each word can be at most 50 characters'],
    [{ school: 's'.repeat(61) }, 'School cannot exceed 60 characters'],
    [{ school: 'Rosyth \uD800' }, MESSAGES.textNotUnicode],
    [{ school: 42 }, 'Invalid input: expected string, received number'],
  ])('rejects %j from an admin with "%s" and adds nothing', async (payload, message) => {
    const before = await rowCount();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
    expect(await rowCount()).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/official-wordset' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/official-wordset/create', payload: {} })).statusCode,
    ).toBe(401);
  });
});
