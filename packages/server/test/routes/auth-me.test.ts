import { describe, expect, it } from 'vitest';
import { CHILD_COLOURS } from '@spellwell/shared';
import { buildTestApp } from '../helper.js';

describe('GET /api/auth/me', async () => {
  const { app, createParent } = await buildTestApp({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
  const { kysely } = app.db;

  it('answers the signed-in parent with their children in the order they were added', async () => {
    const parent = await createParent();
    const other = await createParent();
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const children = [
      { id: '00000000-0000-4000-8000-000000000003', name: 'Ann', at: base },
      { id: '00000000-0000-4000-8000-000000000001', name: 'Ben', at: base + 1000 },
      { id: '00000000-0000-4000-8000-000000000002', name: 'Cai', at: base + 2000 },
    ];
    // Inserted out of order, so only created_at can explain the answer's order.
    for (const child of [children[2]!, children[0]!, children[1]!]) {
      await kysely
        .insertInto('children')
        .values({
          id: child.id,
          parent_id: parent.id,
          name: child.name,
          created_at: new Date(child.at).toISOString(),
        })
        .execute();
    }
    await kysely
      .insertInto('children')
      .values({
        id: '00000000-0000-4000-8000-000000000009',
        parent_id: other.id,
        name: 'Not mine',
        created_at: new Date(base).toISOString(),
      })
      .execute();

    const res = await parent.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: parent.id,
      // No colour chosen: each takes the palette's next free one, in the order they were added.
      children: children.map(({ id, name }, i) => ({
        id,
        name,
        languages: [],
        school: null,
        level: null,
        colour: CHILD_COLOURS[i],
        pronoun: 'their',
      })),
      isAdmin: false,
    });
  });

  it('says isAdmin for an e-mail in ADMIN_EMAILS, whatever its case', async () => {
    const boss = await createParent('BOSS@example.com');
    const res = await boss.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.json()).toMatchObject({ userId: boss.id, isAdmin: true });
  });

  it('answers 401 without a token, with a forged one, and for a parent who no longer exists', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);

    const gone = await createParent();
    await kysely.deleteFrom('parents').where('id', '=', gone.id).execute();
    const res = await gone.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    });
  });
});
