import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, addDaysIso, localDate } from '@spellwell/shared';
import type { Database } from '../schema.js';

/*
 * A few clearly labelled sample official lists, so a new installation can try "Add a test
 * from selected schools" before an admin has added real ones. Test dates are set relative to
 * the day the database is created, so they start out upcoming. Only into an empty table: an
 * installation that already has official lists is left alone.
 */
export const SAMPLE_SCHOOLS = ['Sample Primary School (demo)', 'Example Primary School (demo)'] as const;

const SAMPLES = [
  {
    school: SAMPLE_SCHOOLS[0],
    inDays: 7,
    description: 'P3 Spelling Test 1',
    language: 'English',
    words: ['because', 'beautiful', 'friend', 'Wednesday', 'library', 'separate', 'tomorrow', 'different'],
  },
  {
    school: SAMPLE_SCHOOLS[0],
    inDays: 10,
    description: 'P3 听写 1',
    language: 'Chinese',
    words: ['我们', '朋友', '学校', '老师', '快乐', '喜欢', '飞机', '下雨'],
  },
  {
    school: SAMPLE_SCHOOLS[1],
    inDays: 14,
    description: 'P3 Ejaan 1',
    language: 'Malay',
    words: ['sekolah', 'rumah', 'kawan', 'guru', 'buku', 'bermain', 'keluarga', 'makanan'],
  },
  {
    school: SAMPLE_SCHOOLS[1],
    inDays: 21,
    description: 'P3 Tamil Spelling 1',
    language: 'Tamil',
    words: ['பள்ளி', 'நண்பன்', 'அம்மா', 'புத்தகம்', 'மரம்', 'தண்ணீர்'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kysely = db as unknown as Kysely<Database>;
  const existing = await kysely.selectFrom('official_word_sets').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const today = localDate(DEFAULT_TIME_ZONE);
  const createdAt = new Date().toISOString();
  await kysely
    .insertInto('official_word_sets')
    .values(
      SAMPLES.map((sample) => ({
        id: randomUUID(),
        school: sample.school,
        test_date: addDaysIso(today, sample.inDays),
        description: sample.description,
        language: sample.language,
        words: JSON.stringify(sample.words),
        created_by: null,
        created_at: createdAt,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const kysely = db as unknown as Kysely<Database>;
  await kysely
    .deleteFrom('official_word_sets')
    .where('school', 'in', [...SAMPLE_SCHOOLS])
    .execute();
}
