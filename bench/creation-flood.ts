/**
 * The creation flood (issue 41): for 60 s, one signed-in parent runs the fastest loop of
 * creating that the server lets them, on every route that stores rows at once (children,
 * practices of 200 of the longest words, their lists replaced whole, printed sheets of 500
 * words, the largest recordings, grades, finished practices), two requests in flight per route,
 * each waiting out a 429's Retry-After. Against a real listening server with its real rate
 * limits and quotas, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
 * PostgreSQL. Prints the database's growth against what the family's quotas let it keep, and
 * what each quota counts afterwards. Then a busy family's year (3 children, 40 practices a year
 * each) written into the same database, against the quotas, to show the margins.
 * Run alone with `npx tsx bench/creation-flood.ts` (`BENCH_FLOOD_SECONDS` to shorten it).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUOTAS, type QuotaName } from '@spellwell/shared';
import { POSTGRES_URL } from './lib/bench-app.js';
import { fmt, isMain, table, type Section } from './lib/report.js';
import { startServer } from './lib/server-process.js';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const IN_FLIGHT = 2;
const WORDS_PER_SET = 200;
const WORD_LENGTH = 50;
const RECORDING_BYTES = 256 * 1024;

interface Info {
  url: string;
  engine: 'sqlite' | 'postgres';
  flooding: { id: string; authorization: string };
}
type Usage = Record<QuotaName, number> & { reviews: number };
interface Usages {
  databaseBytes: number;
  flooding: Usage;
  family: Usage;
}

/** 50 random Chinese characters: the most bytes a word may hold (150 in UTF-8). */
const longWord = () =>
  String.fromCodePoint(
    ...Array.from({ length: WORD_LENGTH }, () => 0x4e00 + Math.floor(Math.random() * 0x5000)),
  );
const wordList = (n = WORDS_PER_SET) => Array.from({ length: n }, longWord).join('\n');

/**
 * The largest recording the server accepts: a real WebM word, padded to 256 KB with an EBML
 * Void element, which players and the server's checks skip.
 */
function largestRecording(): Buffer {
  const word = readFileSync(
    path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../packages/server/test/fixtures/recordings/word.webm',
    ),
  );
  const pad = RECORDING_BYTES - word.length;
  const head = Buffer.alloc(9);
  head[0] = 0xec;
  head[1] = 0x01; // an 8-byte size follows
  head.writeUIntBE(pad - head.length, 3, 6);
  return Buffer.concat([word, head, Buffer.alloc(pad - head.length)]);
}

interface Tally {
  stored: number;
  refused: Map<string, number>;
}

async function runOn(engine: 'sqlite' | 'postgres') {
  const server = await startServer<Info>('creation-app.ts', { BENCH_ENGINE: engine }, { compiled: true });
  const { info } = server;
  const recording = largestRecording();
  const tallies = new Map<string, Tally>(
    ['children', 'sets', 'edits', 'sheets', 'recordings', 'grades', 'completions'].map((name) => [
      name,
      { stored: 0, refused: new Map() },
    ]),
  );
  const api = async (
    stream: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown>; retryAfter: number }> => {
    const isAudio = Buffer.isBuffer(body);
    const res = await fetch(`${info.url}/api${url}`, {
      method,
      headers: {
        authorization: info.flooding.authorization,
        'x-time-zone': 'Asia/Singapore',
        ...(body === undefined ? {} : { 'content-type': isAudio ? 'audio/webm' : 'application/json' }),
      },
      body: body === undefined ? undefined : isAudio ? new Uint8Array(body) : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const tally = tallies.get(stream)!;
    if (res.status < 300) tally.stored++;
    else {
      const key = `${res.status} ${String(json.error ?? '')}`.trim();
      tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
    }
    return { status: res.status, json, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
  };

  try {
    const before = await server.ask<Usages>('usage');
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const remaining = () => deadline - performance.now();
    const sleep = (ms: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, remaining()))));

    // Two children: practices and their words go to the first; the second holds exactly 500
    // words due today, the largest "Today's words" sheet there is.
    const child = async () =>
      (await api('children', 'POST', `/child/create/${info.flooding.id}`, { childName: 'Abcdefghijklmno' }))
        .json.id as string;
    const [childA, childB] = [await child(), await child()];
    const testDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const newSet = (childId: string, words = WORDS_PER_SET) =>
      api('sets', 'POST', `/word-sets/create/${childId}`, {
        testDate,
        description: 'Abcdefghijklmnopqrst',
        language: 'Chinese',
        words: wordList(words),
      });
    for (const n of [200, 200, 100]) await newSet(childB, n);
    const sets: string[] = [];
    const words: string[] = [];

    /** One route's loop: `IN_FLIGHT` requests at a time until the time is up; a 429 waits its Retry-After. */
    const loop = async (step: () => Promise<{ status: number; retryAfter: number } | undefined>) => {
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (remaining() > 0) {
            const answer = await step();
            if (!answer)
              await sleep(50); // nothing to work on yet
            else if (answer.status === 429) await sleep(answer.retryAfter * 1000);
          }
        }),
      );
    };
    let nextRecording = 0;
    let nextGrade = 0;
    await Promise.all([
      loop(() =>
        api('children', 'POST', `/child/create/${info.flooding.id}`, { childName: 'Abcdefghijklmno' }),
      ),
      loop(async () => {
        const answer = await newSet(childA);
        if (answer.status === 201) {
          const id = answer.json.id as string;
          sets.push(id);
          // The first practice is the one whose list is replaced over and over; the others'
          // words are recorded and graded.
          if (sets.length === 1) return answer;
          const detail = await fetch(`${info.url}/api/child/${childA}/word-sets/${id}`, {
            headers: { authorization: info.flooding.authorization },
          });
          const body = (await detail.json()) as { words?: { id: string }[] };
          words.push(...(body.words ?? []).map((w) => w.id));
        }
        return answer;
      }),
      // A list replaced whole: its words are deleted and 200 new ones written.
      loop(async () => {
        if (!sets.length) return undefined;
        return api('edits', 'POST', `/word-sets/${childA}/edit/${sets[0]}`, { words: wordList() });
      }),
      loop(() => api('sheets', 'POST', `/child/${childB}/printed-sheets`, {})),
      loop(async () => {
        if (nextRecording >= words.length) return undefined;
        return api('recordings', 'PUT', `/words/recording/${childA}/${words[nextRecording++]}`, recording);
      }),
      loop(async () => {
        if (!words.length) return undefined;
        const wordId = words[nextGrade++ % words.length];
        return api('grades', 'POST', `/words/update/${childA}/${wordId}`, {
          quality: 1 + (nextGrade % 3),
          idempotencyKey: randomUUID(),
        });
      }),
      loop(() =>
        api('completions', 'POST', `/review/${childA}`, { wordsReviewed: 200, idempotencyKey: randomUUID() }),
      ),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const after = await server.ask<Usages>('usage');
    await server.ask('family-year');
    const withFamily = await server.ask<Usages>('usage');
    return { info, seconds, before, after, withFamily, tallies };
  } finally {
    await server.stop();
  }
}

const QUOTA_LABELS: Record<QuotaName, string> = {
  children: 'children',
  wordSets: 'practices',
  words: 'words',
  printedSheets: 'printed sheets',
  recordingBytes: 'recordings',
};
const quotaValue = (name: QuotaName, n: number) => (name === 'recordingBytes' ? fmt.mb(n) : fmt.int(n));

export async function runCreationFloodBench(): Promise<Section> {
  const engines: ('sqlite' | 'postgres')[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const misses: string[] = [];
  const parts: string[] = [];
  for (const engine of engines) {
    const run = await runOn(engine);
    const growth = run.after.databaseBytes - run.before.databaseBytes;
    // The least a family at its quotas keeps: the recordings' bytes alone, before any row.
    const quotaBytes = QUOTAS.recordingBytes;
    if (growth > quotaBytes)
      misses.push(
        `Creation flood (${engine}): the database grew ${fmt.mb(growth)}, more than one family's quotas keep`,
      );
    const streams = [...run.tallies].map(([name, t]) => [
      name,
      fmt.int(t.stored),
      [...t.refused].map(([status, n]) => `${fmt.int(n)} × ${status}`).join(', ') || '—',
    ]);
    const perMinute = 60 / run.seconds;
    const quotaRows = (Object.keys(QUOTAS) as QuotaName[]).map((name) => {
      const used = run.after.flooding[name];
      const minutes = used > 0 ? QUOTAS[name] / (used * perMinute) : Infinity;
      const family = run.withFamily.family[name];
      return [
        QUOTA_LABELS[name],
        quotaValue(name, QUOTAS[name]),
        quotaValue(name, used),
        Number.isFinite(minutes) ? `${fmt.int(minutes)} min` : '—',
        `${quotaValue(name, family)} (${fmt.pct(family / QUOTAS[name])})`,
      ];
    });
    const familyGrowth = run.withFamily.databaseBytes - run.after.databaseBytes;
    parts.push(
      [
        `### ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
        '',
        `${run.seconds.toFixed(0)} s of the flood: the database grew **${fmt.mb(growth)}** (${fmt.mb(run.before.databaseBytes)} → ${fmt.mb(run.after.databaseBytes)}); the family's quotas let it keep at least ${fmt.mb(quotaBytes)} (the recordings' quota alone). Requests per route:`,
        '',
        table(['route', 'stored', 'refused'], streams),
        '',
        table(
          [
            'quota',
            'limit',
            'used by the flood',
            'the flood would reach it in',
            `a busy family's year (${fmt.mb(familyGrowth)})`,
          ],
          quotaRows,
        ),
        '',
        `The family's year also holds ${fmt.int(run.withFamily.family.reviews)} grades (no quota: 600 a minute at most, and a child's go with the child).`,
      ].join('\n'),
    );
  }
  const body = [
    `One signed-in parent's fastest creation loop for ${SECONDS} s against a listening production server with its real rate limits (\`RATE_LIMIT_MULTIPLIER=1\`) and quotas: children; practices of 200 words of 50 Chinese characters (the most bytes a practice takes) and those lists replaced whole; "Today's words" sheets of 500 words; 256 KB recordings (the largest allowed); grades; finished practices. ${IN_FLIGHT} requests in flight per route, each 429 waited out. Database size: SQLite's file after a checkpoint, PostgreSQL's tables with indexes and TOAST. Then a busy family's year (3 children, 40 practices a year each, 20 words a practice, every word recorded at 16 KB, 8 grades a word, 2 sheets a practice), written into the tables, against the quotas. \`npx tsx bench/creation-flood.ts\`.`,
    '',
    ...parts.flatMap((p) => [p, '']),
    `Load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on the machine's cores.`,
  ].join('\n');
  return { title: 'Creation flood', body, misses };
}

if (isMain(import.meta.url)) {
  const section = await runCreationFloodBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
  if (section.misses.length) console.info(`Below target:\n${section.misses.map((m) => `- ${m}`).join('\n')}`);
}
