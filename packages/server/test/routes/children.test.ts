import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';

describe('POST /api/child/create/:parentId', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  const create = (parentId: string, payload: unknown, as = parent) =>
    as.inject({ method: 'POST', url: `/api/child/create/${parentId}`, payload: payload as object });
  const countChildren = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('children')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a child and answers 201 {id, name} with an empty profile and a colour', async () => {
    const res = await create(parent.id, { childName: '  Mei Ling ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Mei Ling',
      languages: [],
      school: null,
      level: null,
      colour: expect.any(String),
      pronoun: 'their',
    });
    const row = await app.db.kysely
      .selectFrom('children')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: parent.id, name: 'Mei Ling' });
  });

  it('keeps names in every script exactly', async () => {
    for (const name of ['小明', 'Siti', 'அருண்']) {
      const res = await create(parent.id, { childName: name });
      expect(res.json().name).toBe(name);
    }
  });

  it.each([
    [{}, 'Name is required'],
    [{ childName: '' }, 'Name is required'],
    [{ childName: '   ' }, 'Name is required'],
    [{ childName: 'A'.repeat(16) }, 'Name cannot exceed 15 characters'],
  ])('rejects %j with "%s" and creates nothing', async (payload, message) => {
    const before = await countChildren();
    const res = await create(parent.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
    expect(await countChildren()).toBe(before);
  });

  it('accepts a name of exactly 15 characters', async () => {
    expect((await create(parent.id, { childName: 'A'.repeat(15) })).statusCode).toBe(201);
  });

  it("answers 404 for another parent's id and creates nothing", async () => {
    const before = await countChildren();
    const res = await create(other.id, { childName: 'Intruder' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Parent not found' });
    expect(await countChildren()).toBe(before);
  });

  it('answers 400 for a malformed parent id', async () => {
    const res = await create('not-a-uuid', { childName: 'Ali' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Not a valid id' });
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Ali' },
    });
    expect(res.statusCode).toBe(401);
  });
});
