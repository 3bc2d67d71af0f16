import { randomUUID } from 'node:crypto';
import type { App } from '../../packages/server/src/app.js';
import { nowIso } from '../../packages/server/src/db/timestamps.js';
import { addDaysIso, localDate } from '@spellwell/shared';

export interface SeededSet {
  id: string;
  wordIds: string[];
}
export interface Seeded {
  parentId: string;
  children: { id: string; wordSets: SeededSet[] }[];
  /** Which create routes did the seeding; the rest was written with SQL (route not there yet). */
  seededVia: string;
}

// A primary-school spelling list; each set takes 20 consecutive words, so words repeat across sets.
const WORDS = `accident actually address answer appear arrive believe bicycle breath breathe build busy
business calendar caught centre century certain circle complete consider continue decide describe
different difficult disappear early earth eight enough exercise experience experiment extreme famous
favourite February forward fruit grammar group guard guide heard heart height history imagine
increase important interest island knowledge learn length library material medicine mention minute`
  .split(/\s+/)
  .filter(Boolean);

const CHILDREN = ['Aisha', 'Ben', 'Chen Wei'];
const SETS_PER_CHILD = [4, 3, 3];
const WORDS_PER_SET = 20;

function wordList(setIndex: number): string[] {
  return Array.from({ length: WORDS_PER_SET }, (_, j) => WORDS[(setIndex * 7 + j) % WORDS.length]!);
}

/** Tests spread from three weeks ago to five weeks ahead, as a school term looks. */
function testDate(setIndex: number): string {
  return addDaysIso(localDate('Asia/Singapore'), setIndex * 7 - 21);
}

/**
 * 3 children, 10 sets of 20 words, made through the app's own create routes; a route that is
 * not there yet (404 "No route") is replaced by the same rows written with SQL.
 */
export async function seed(app: App, parentId: string, headers: Record<string, string>): Promise<Seeded> {
  const routesUsed = new Set<string>();
  const post = async (url: string, payload: object): Promise<string | undefined> => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode === 404 && res.body.includes('No route')) return undefined;
    if (res.statusCode !== 201)
      throw new Error(`seeding: POST ${url} answered ${res.statusCode} ${res.body}`);
    routesUsed.add(url.split('/').slice(0, 4).join('/'));
    return (res.json() as { id: string }).id;
  };

  const children: Seeded['children'] = [];
  let setIndex = 0;
  for (const [i, name] of CHILDREN.entries()) {
    const childId =
      (await post(`/api/child/create/${parentId}`, { childName: name })) ??
      (await insertChild(app, parentId, name));
    const wordSets: SeededSet[] = [];
    for (let s = 0; s < SETS_PER_CHILD[i]!; s++, setIndex++) {
      const fields = {
        testDate: testDate(setIndex),
        description: `Spelling list ${setIndex + 1}`,
        words: wordList(setIndex),
      };
      const apiSetId = await post(`/api/word-sets/create/${childId}`, {
        ...fields,
        language: 'English',
        words: fields.words.join('\n'),
      });
      wordSets.push(
        apiSetId
          ? { id: apiSetId, wordIds: await wordIdsOf(app, apiSetId) }
          : await insertSet(app, childId, fields),
      );
    }
    children.push({ id: childId, wordSets });
  }
  const seededVia = routesUsed.size
    ? `routes ${[...routesUsed].join(', ')}; the rest with SQL`
    : 'SQL (no create route yet)';
  return { parentId, children, seededVia: routesUsed.size === 2 ? "the app's own create routes" : seededVia };
}

/** A family that grades: one child and one list (the same words as the first set, so speech is cached already). */
export interface GradingFamily {
  headers: Record<string, string>;
  childId: string;
  wordIds: string[];
}

export async function seedGradingFamily(
  app: App,
  parentId: string,
  headers: Record<string, string>,
): Promise<GradingFamily> {
  const created = async (url: string, payload: object): Promise<string> => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 201)
      throw new Error(`seeding: POST ${url} answered ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  };
  const childId = await created(`/api/child/create/${parentId}`, { childName: 'Dana' });
  const setId = await created(`/api/word-sets/create/${childId}`, {
    testDate: testDate(3),
    description: 'Spelling list 1',
    language: 'English',
    words: wordList(0).join('\n'),
  });
  return { headers, childId, wordIds: await wordIdsOf(app, setId) };
}

async function wordIdsOf(app: App, wordSetId: string): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('words')
    .select('id')
    .where('word_set_id', '=', wordSetId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.id);
}

async function insertChild(app: App, parentId: string, name: string): Promise<string> {
  const id = randomUUID();
  await app.db.kysely
    .insertInto('children')
    .values({ id, parent_id: parentId, name, created_at: nowIso() })
    .execute();
  return id;
}

async function insertSet(
  app: App,
  childId: string,
  fields: { testDate: string; description: string; words: string[] },
): Promise<SeededSet> {
  const id = randomUUID();
  const now = nowIso();
  await app.db.kysely
    .insertInto('word_sets')
    .values({
      id,
      child_id: childId,
      test_date: fields.testDate,
      description: fields.description,
      language: 'English',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const rows = fields.words.map((word_string, position) => ({
    id: randomUUID(),
    word_set_id: id,
    word_string,
    position,
    ease_factor: 2.5,
    interval: 0,
    next_review: null,
    review_count: 0,
    created_at: now,
  }));
  await app.db.kysely.insertInto('words').values(rows).execute();
  return { id, wordIds: rows.map((r) => r.id) };
}
