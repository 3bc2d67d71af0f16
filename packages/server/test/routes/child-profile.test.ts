import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestParent } from '../helper.js';

/** Issue 35 item 7: a child's languages, school, level and colour. */
describe('child profile', async () => {
  const { app, createParent } = await buildTestApp();

  const create = (parent: TestParent, payload: object) =>
    parent.inject({ method: 'POST', url: `/api/child/create/${parent.id}`, payload });
  const edit = (parent: TestParent, childId: string, payload: object) =>
    parent.inject({ method: 'PATCH', url: `/api/child/${childId}`, payload });
  const me = async (parent: TestParent) =>
    (await parent.inject({ method: 'GET', url: '/api/auth/me' })).json().children as object[];
  const row = (id: string) =>
    app.db.kysely.selectFrom('children').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores languages, school, level and colour on Add Child, and answers them everywhere', async () => {
    const parent = await createParent();
    const res = await create(parent, {
      childName: 'Mei',
      languages: ['English', 'Chinese'],
      school: '  Rosyth School ',
      level: 'P3',
      colour: 'rose',
      pronoun: 'her',
    });
    expect(res.statusCode).toBe(201);
    const mei = {
      id: res.json().id,
      name: 'Mei',
      languages: ['English', 'Chinese'],
      school: 'Rosyth School',
      level: 'P3',
      colour: 'rose',
      pronoun: 'her',
    };
    expect(res.json()).toEqual(mei);
    expect(await me(parent)).toEqual([mei]);
    const list = await parent.inject({ method: 'GET', url: `/api/word-sets/${parent.id}` });
    expect(list.json()).toEqual([{ ...mei, role: 'owner', wordSets: [] }]);
  });

  it('gives each child without a chosen colour the first one no sibling has, and keeps it', async () => {
    const parent = await createParent();
    const a = (await create(parent, { childName: 'A', colour: 'teal' })).json();
    const b = (await create(parent, { childName: 'B' })).json();
    const c = (await create(parent, { childName: 'C' })).json();
    expect([a.colour, b.colour, c.colour]).toEqual(['teal', 'violet', 'orange']);
    expect((await row(b.id)).colour).toBe('violet');
    // Removing A does not move B's colour.
    await parent.inject({ method: 'DELETE', url: `/api/child/${a.id}` });
    expect(((await me(parent)) as { colour: string }[]).map((x) => x.colour)).toEqual(['violet', 'orange']);
  });

  it('edits the profile with the name; null clears school and level, [] any language', async () => {
    const parent = await createParent();
    const id = (
      await create(parent, { childName: 'Arun', languages: ['Tamil'], school: 'Nan Hua', level: 'P2' })
    ).json().id as string;
    const res = await edit(parent, id, {
      childName: 'Arun',
      languages: ['English', 'Malay'],
      school: 'Rosyth School',
      level: 'P4',
      colour: 'green',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      languages: ['English', 'Malay'],
      school: 'Rosyth School',
      level: 'P4',
      colour: 'green',
    });
    expect(await row(id)).toMatchObject({ languages: 'English,Malay', school: 'Rosyth School', level: 'P4' });
    // A name-only edit leaves the rest as it was.
    expect((await edit(parent, id, { childName: 'Arun K' })).json()).toMatchObject({
      name: 'Arun K',
      level: 'P4',
    });
    expect((await edit(parent, id, { childName: 'Arun', pronoun: 'his' })).json().pronoun).toBe('his');
    expect((await row(id)).pronoun).toBe('his');
    const cleared = await edit(parent, id, {
      childName: 'Arun',
      languages: [],
      school: null,
      level: null,
      pronoun: null,
    });
    expect(cleared.json()).toMatchObject({
      languages: [],
      school: null,
      level: null,
      colour: 'green',
      pronoun: 'their',
    });
  });

  it.each([
    [{ languages: ['Klingon'] }],
    [{ languages: ['English', 'English'] }],
    [{ level: 'P9' }],
    [{ colour: '#ff0000' }],
    [{ pronoun: 'she' }],
    [{ school: 'x'.repeat(61) }],
    [{ languages: 'English' }],
  ])('refuses %j with a 400 JSON error and stores nothing', async (bad) => {
    const parent = await createParent();
    const res = await create(parent, { childName: 'Mei', ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(await me(parent)).toEqual([]);
    const id = (await create(parent, { childName: 'Mei' })).json().id as string;
    const edited = await edit(parent, id, { childName: 'Mei', ...bad });
    expect(edited.statusCode).toBe(400);
    expect((await row(id)).name).toBe('Mei');
  });

  it("answers 404 for another parent's child and changes nothing", async () => {
    const parent = await createParent();
    const stranger = await createParent();
    const id = (await create(parent, { childName: 'Mei', school: 'Rosyth School' })).json().id as string;
    const res = await edit(stranger, id, { childName: 'Mei', school: 'Elsewhere' });
    expect(res.statusCode).toBe(404);
    expect((await row(id)).school).toBe('Rosyth School');
  });
});
