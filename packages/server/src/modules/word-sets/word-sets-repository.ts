import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type ChildRole,
  type ChildSummary,
  addDaysIso,
  NEW_WORD_EASE,
  NEW_WORD_INTERVAL,
  type CreateWordSet,
  type Language,
  type PutTestResult,
  type TestResult,
  type UpdateWordSet,
  type WordSetDetail,
  type WordSetSummary,
  parseWordEntries,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { forNoKeyUpdate } from '../../db/row-locks.js';
import type { Database } from '../../db/schema.js';
import { statement, type Param } from '../../db/statement.js';
import { nowIso } from '../../db/timestamps.js';
import { childSummaries, type ChildProfileRow } from '../children/child-profile.js';
import { accessibleChildIds, accessibleWordSetIds, canReachChild } from '../children/access.js';
import { bumpWithinQuotas } from '../quotas/family-quotas.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';
import { byTestDate } from './test-date-order.js';
import { readingFor } from './readings.js';
import { planWordListEdit } from './word-list-edit.js';
import { displayName } from '../family/members-repository.js';

/** Words as the shared `parseWordList` made them: trimmed, deduplicated, NFC. */
export type WordList = readonly string[];

function insertFreshWords(
  trx: Kysely<Database>,
  wordSetId: string,
  words: { wordString: string; position: number; reading: string | null }[],
) {
  if (words.length === 0) return Promise.resolve();
  const createdAt = nowIso();
  return trx
    .insertInto('words')
    .values(
      words.map(({ wordString, position, reading }) => ({
        id: randomUUID(),
        word_set_id: wordSetId,
        word_string: wordString,
        reading,
        position,
        ease_factor: NEW_WORD_EASE,
        interval: NEW_WORD_INTERVAL,
        next_review: null,
        last_reviewed_at: null,
        created_at: createdAt,
      })),
    )
    .execute();
}

/**
 * A new set with fresh words (never graded) in the child, inside the caller's transaction,
 * which has checked the child is the parent's and counts the quotas after. Its id.
 * `sharedListId`: the code it was imported from (issue 37), so a second import can be asked about.
 */
export async function insertWordSet(
  trx: Kysely<Database>,
  childId: string,
  input: Omit<CreateWordSet, 'words'>,
  entries: readonly { word: string; reading: string | null }[],
  sharedListId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('word_sets')
    .values({
      id,
      child_id: childId,
      test_date: input.testDate,
      description: input.description,
      language: input.language,
      created_at: now,
      updated_at: now,
      plan_for_test_date: input.planForTestDate ? 1 : 0,
      shared_list_id: sharedListId,
    })
    .execute();
  await insertFreshWords(
    trx,
    id,
    entries.map(({ word, reading }, position) => ({
      wordString: word,
      position,
      reading: readingFor(word, reading, input.language),
    })),
  );
  return id;
}

function groupWords(
  rows: readonly { wordSetId: string; wordId: string; wordString: string }[],
): Map<string, { strings: string[]; ids: string[] }> {
  const bySet = new Map<string, { strings: string[]; ids: string[] }>();
  for (const { wordSetId, wordId, wordString } of rows) {
    const list = bySet.get(wordSetId);
    if (list) {
      list.strings.push(wordString);
      list.ids.push(wordId);
    } else bySet.set(wordSetId, { strings: [wordString], ids: [wordId] });
  }
  return bySet;
}

/** The stored test result's three columns, set and cleared together, as the API answers it. */
function testResultOf(
  correct: number | string | null | undefined,
  total: number | string | null | undefined,
  recordedAt: string | null | undefined,
): TestResult | null {
  if (correct == null || total == null || recordedAt == null) return null;
  return { correct: Number(correct), total: Number(total), recordedAt };
}

/** A set as the repository reads it: its summary before the readiness, with its word ids. */
export type SummaryWithIds = Omit<
  WordSetSummary,
  'readiness' | 'practisedCount' | 'masteredCount' | 'predictedForTest'
> & {
  wordIds: string[];
};
export type DetailWithoutReadiness = Omit<WordSetDetail, 'readiness' | 'plannedReviews' | 'predictedForTest'>;
export interface ChildWithSetsAndIds extends ChildSummary {
  wordSets: SummaryWithIds[];
  role: ChildRole;
}

export function createWordSetsRepository(db: Db) {
  const { kysely } = db;
  // The dashboard's and the practice page's reads, compiled once (db/statement.ts).
  const childrenWithSets = statement(db, (param: Param<'parentId' | 'today'>) =>
    kysely
      .selectFrom('children')
      .leftJoin('word_sets', 'word_sets.child_id', 'children.id')
      .leftJoin('practice_sessions', 'practice_sessions.word_set_id', 'word_sets.id')
      // Issue 37: the parent's role on a child shared with them (none on their own).
      .leftJoin('child_members', (join) =>
        join
          .onRef('child_members.child_id', '=', 'children.id')
          .on('child_members.parent_id', '=', param('parentId')),
      )
      .select([
        'practice_sessions.position as sessionPosition',
        'children.parent_id as ownerId',
        'child_members.role as memberRole',
        'children.id as childId',
        'children.name as childName',
        'children.languages as childLanguages',
        'children.school as childSchool',
        'children.level as childLevel',
        'children.colour as childColour',
        'children.pronoun as childPronoun',
        'word_sets.id as wordSetId',
        'word_sets.test_date as testDate',
        'word_sets.description as description',
        'word_sets.language as language',
        'word_sets.created_at as createdAt',
        'word_sets.plan_for_test_date as planForTestDate',
        'word_sets.test_correct as testCorrect',
        'word_sets.test_total as testTotal',
        'word_sets.test_recorded_at as testRecordedAt',
      ])
      .select((eb) =>
        eb
          .selectFrom('words')
          .select(eb.fn.countAll().as('n'))
          .whereRef('words.word_set_id', '=', 'word_sets.id')
          .as('wordCount'),
      )
      // Tonight's plan: the words due now (never graded, or due today or before).
      .select((eb) =>
        eb
          .selectFrom('words')
          .select(eb.fn.countAll().as('n'))
          .whereRef('words.word_set_id', '=', 'word_sets.id')
          .where((w) =>
            w.or([w('words.next_review', 'is', null), w('words.next_review', '<=', param('today'))]),
          )
          .as('dueCount'),
      )
      .where((eb) => canReachChild(eb, param('parentId'), 'practise'))
      .orderBy('children.created_at')
      .orderBy('children.id'),
  );
  const wordsOfParent = statement(db, (param: Param<'parentId'>) =>
    kysely
      .selectFrom('words')
      .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .select(['words.word_set_id as wordSetId', 'words.id as wordId', 'words.word_string as wordString'])
      .where((eb) => canReachChild(eb, param('parentId'), 'practise'))
      .orderBy('words.word_set_id')
      .orderBy('words.position'),
  );
  const ownedSet = statement(db, (param: Param<'parentId' | 'childId' | 'wordSetId'>) =>
    accessibleWordSetIds(kysely, param('parentId'), param('childId'), param('wordSetId'), 'practise').select([
      'word_sets.test_date',
      'word_sets.description',
      'word_sets.language',
      'word_sets.plan_for_test_date',
      'word_sets.test_correct',
      'word_sets.test_total',
      'word_sets.test_recorded_at',
    ]),
  );
  const wordsOfSet = statement(db, (param: Param<'wordSetId'>) =>
    kysely
      .selectFrom('words')
      // Whether the parent recorded the word (issue 22): at most one row per word.
      .leftJoin('word_recordings', 'word_recordings.word_id', 'words.id')
      .select([
        'id',
        'word_string',
        'reading',
        'ease_factor',
        'interval',
        'next_review',
        'word_recordings.word_id as recorded',
      ])
      .where('word_set_id', '=', param('wordSetId'))
      .orderBy('position'),
  );
  return {
    /** Every child of the parent with their sets and word counts, in one query. */
    async listByParent(parentId: string, today: string): Promise<ChildWithSetsAndIds[]> {
      const [rows, wordRows] = await Promise.all([
        childrenWithSets.read({ parentId, today }),
        wordsOfParent.read({ parentId }),
      ]);
      const wordsBySet = groupWords(wordRows);
      const children = new Map<
        string,
        { profile: ChildProfileRow; role: ChildRole; sets: (SummaryWithIds & { createdAt: string })[] }
      >();
      for (const row of rows) {
        let child = children.get(row.childId);
        if (!child) {
          const profile = {
            id: row.childId,
            name: row.childName,
            languages: row.childLanguages,
            school: row.childSchool,
            level: row.childLevel,
            colour: row.childColour,
            pronoun: row.childPronoun,
          };
          const role: ChildRole = row.ownerId === parentId ? 'owner' : (row.memberRole ?? 'tutor');
          child = { profile, role, sets: [] };
          children.set(row.childId, child);
        }
        if (row.wordSetId === null) continue;
        child.sets.push({
          id: row.wordSetId,
          testDate: row.testDate!,
          description: row.description!,
          language: row.language as Language,
          // PostgreSQL answers count(*) as a string.
          wordCount: Number(row.wordCount ?? 0),
          dueCount: Number(row.dueCount ?? 0),
          // A session under way (not at its start): "half done", to be continued.
          resumeAt: row.sessionPosition ? Number(row.sessionPosition) : null,
          words: wordsBySet.get(row.wordSetId)?.strings ?? [],
          wordIds: wordsBySet.get(row.wordSetId)?.ids ?? [],
          planForTestDate: Number(row.planForTestDate) === 1,
          testResult: testResultOf(row.testCorrect, row.testTotal, row.testRecordedAt),
          createdAt: row.createdAt!,
        });
      }
      const order = byTestDate(today);
      const list = [...children.values()];
      const summaries = childSummaries(list.map((child) => child.profile));
      return list.map(({ sets, role }, i) => ({
        ...summaries[i]!,
        role,
        wordSets: sets.sort(order).map(({ createdAt: _createdAt, ...set }) => set),
      }));
    },

    async findDetail(
      parentId: string,
      childId: string,
      wordSetId: string,
    ): Promise<DetailWithoutReadiness | null> {
      const set = await ownedSet.readFirst({ parentId, childId, wordSetId });
      if (!set) return null;
      const words = await wordsOfSet.read({ wordSetId: set.id });
      const language = set.language as Language;
      // Each word's last grade, to say which the child made alone (issue 36).
      const reviews = await kysely
        .selectFrom('word_reviews')
        .leftJoin('parents', 'parents.id', 'word_reviews.graded_by')
        .select([
          'word_reviews.word_id',
          'word_reviews.quality',
          'word_reviews.child_answer',
          'word_reviews.child_attempts',
          'word_reviews.child_mistakes',
          'parents.name as grader',
        ])
        .where('word_reviews.word_set_id', '=', set.id)
        .orderBy('word_reviews.reviewed_at', 'desc')
        .orderBy('word_reviews.id', 'desc')
        .execute();
      // Issue 37: who graded is said only where more than one adult could have.
      const shared = await kysely
        .selectFrom('child_members')
        .select('child_id')
        .where('child_id', '=', childId)
        .limit(1)
        .executeTakeFirst();
      const gradedBy = (wordId: string) => {
        const grader = lastGrade.get(wordId)?.grader;
        return shared && grader ? { gradedBy: displayName(grader) } : {};
      };
      const lastGrade = new Map<string, (typeof reviews)[number]>();
      for (const r of reviews) if (r.word_id && !lastGrade.has(r.word_id)) lastGrade.set(r.word_id, r);
      const childGrade = (wordId: string) => {
        const r = lastGrade.get(wordId);
        // Only on words the child graded last, so other answers stay as they were.
        return r && r.child_answer !== null
          ? {
              childGrade: {
                quality: r.quality,
                answer: r.child_answer,
                attempts: Number(r.child_attempts ?? 1),
                // Written in the stroke quiz: its mistakes.
                ...(r.child_mistakes !== null ? { mistakes: Number(r.child_mistakes) } : {}),
              },
            }
          : {};
      };
      return {
        id: set.id,
        testDate: set.test_date,
        description: set.description,
        language,
        planForTestDate: Number(set.plan_for_test_date) === 1,
        testResult: testResultOf(set.test_correct, set.test_total, set.test_recorded_at),
        words: words.map((w) => ({
          id: w.id,
          wordString: w.word_string,
          reading: readingFor(w.word_string, w.reading, language),
          easeFactor: w.ease_factor,
          interval: w.interval,
          nextReview: w.next_review,
          hasRecording: w.recorded !== null,
          ...childGrade(w.id),
          ...gradedBy(w.id),
        })),
      };
    },

    /**
     * The new set's id, or null when the child is not the parent's. Throws QuotaExceededError
     * (nothing stored) when the set would take the family past its sets or words.
     */
    create(
      parentId: string,
      childId: string,
      input: Omit<CreateWordSet, 'words'>,
      words: WordList,
    ): Promise<string | null> {
      const entries = parseWordEntries(words, input.language);
      const write = () =>
        kysely.transaction().execute(async (trx) => {
          const child = await accessibleChildIds(trx, parentId, childId, 'edit').executeTakeFirst();
          if (!child) return null;
          const id = await insertWordSet(trx, child.id, input, entries);
          await bumpWithinQuotas(trx, { childId }, ['wordSets', 'words']);
          return id;
        });
      return unlessDeletedMeanwhile(write, null);
    },

    /**
     * Replaces the list, keeping the scheduling state of every word still in it. Null when
     * the set is not the child's or the child not the parent's.
     */
    editWords(parentId: string, childId: string, wordSetId: string, words: WordList): Promise<string | null> {
      return kysely.transaction().execute(async (trx) => {
        // Holding the set serialises two edits of one list (both would add the same new word).
        const set = await forNoKeyUpdate(
          db,
          accessibleWordSetIds(trx, parentId, childId, wordSetId, 'edit'),
        ).executeTakeFirst();
        if (!set) return null;
        const { language } = await trx
          .selectFrom('word_sets')
          .select('language')
          .where('id', '=', set.id)
          .executeTakeFirstOrThrow();
        const existing = await trx
          .selectFrom('words')
          .select(['id', 'word_string', 'position', 'reading'])
          .where('word_set_id', '=', set.id)
          .execute();
        const plan = planWordListEdit(existing, parseWordEntries(words, language as Language));
        if (plan.removeIds.length > 0)
          await trx.deleteFrom('words').where('id', 'in', plan.removeIds).execute();
        for (const move of plan.moves) {
          await trx.updateTable('words').set({ position: move.position }).where('id', '=', move.id).execute();
        }
        for (const change of plan.readings) {
          await trx
            .updateTable('words')
            .set({ reading: change.reading })
            .where('id', '=', change.id)
            .execute();
        }
        await insertFreshWords(
          trx,
          set.id,
          plan.inserts.map((w) => ({
            ...w,
            reading: readingFor(w.wordString, w.reading, language as Language),
          })),
        );
        await trx.updateTable('word_sets').set({ updated_at: nowIso() }).where('id', '=', set.id).execute();
        // A longer list counts against the family's words; a shorter one never is refused.
        await bumpWithinQuotas(
          trx,
          { childId },
          plan.inserts.length > plan.removeIds.length ? ['words'] : [],
        );
        return set.id;
      });
    },

    /**
     * Changes the set's details. A test date on or after `today` also applies the scheduler's
     * test-date cap at once: no word of the set stays due after the day before the test (nor
     * later than today, for a test today). Null when the set is not the child's.
     */
    update(
      parentId: string,
      childId: string,
      wordSetId: string,
      changes: UpdateWordSet,
      today: string,
    ): Promise<SummaryWithIds | null> {
      return kysely.transaction().execute(async (trx) => {
        const owned = await forNoKeyUpdate(
          db,
          accessibleWordSetIds(trx, parentId, childId, wordSetId, 'edit'),
        ).executeTakeFirst();
        if (!owned) return null;
        await trx
          .updateTable('word_sets')
          .set({
            ...(changes.testDate !== undefined ? { test_date: changes.testDate } : {}),
            ...(changes.description !== undefined ? { description: changes.description } : {}),
            ...(changes.language !== undefined ? { language: changes.language } : {}),
            ...(changes.planForTestDate !== undefined
              ? { plan_for_test_date: changes.planForTestDate ? 1 : 0 }
              : {}),
            updated_at: nowIso(),
          })
          .where('id', '=', owned.id)
          .execute();
        if (changes.testDate !== undefined && changes.testDate >= today) {
          const dayBefore = addDaysIso(changes.testDate, -1);
          const latest = dayBefore > today ? dayBefore : today;
          await trx
            .updateTable('words')
            .set({ next_review: latest })
            .where('word_set_id', '=', owned.id)
            .where('next_review', '>', latest)
            .execute();
        }
        const set = await trx
          .selectFrom('word_sets')
          .select([
            'id',
            'test_date',
            'description',
            'language',
            'plan_for_test_date',
            'test_correct',
            'test_total',
            'test_recorded_at',
          ])
          .where('id', '=', owned.id)
          .executeTakeFirstOrThrow();
        const words = await trx
          .selectFrom('words')
          .select(['id', 'word_string', 'next_review'])
          .where('word_set_id', '=', owned.id)
          .orderBy('position')
          .execute();
        const due = words.filter((w) => w.next_review === null || w.next_review <= today);
        const session = await trx
          .selectFrom('practice_sessions')
          .select('position')
          .where('word_set_id', '=', owned.id)
          .executeTakeFirst();
        await bumpChildDataVersions(trx, childId);
        return {
          id: set.id,
          testDate: set.test_date,
          description: set.description,
          language: set.language as Language,
          wordCount: words.length,
          dueCount: due.length,
          resumeAt: session?.position ? session.position : null,
          words: words.map((w) => w.word_string),
          wordIds: words.map((w) => w.id),
          planForTestDate: Number(set.plan_for_test_date) === 1,
          testResult: testResultOf(set.test_correct, set.test_total, set.test_recorded_at),
        };
      });
    },

    /**
     * Records the set's real test result (issue 34), replacing any before. `'too_many'` (nothing
     * changed) when `total` is more than the set's words; null when the set is not the child's.
     */
    setTestResult(
      parentId: string,
      childId: string,
      wordSetId: string,
      result: PutTestResult,
    ): Promise<TestResult | 'too_many' | null> {
      return kysely.transaction().execute(async (trx) => {
        const owned = await forNoKeyUpdate(
          db,
          accessibleWordSetIds(trx, parentId, childId, wordSetId, 'edit'),
        ).executeTakeFirst();
        if (!owned) return null;
        const { n } = await trx
          .selectFrom('words')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('word_set_id', '=', owned.id)
          .executeTakeFirstOrThrow();
        if (result.total > Number(n)) return 'too_many';
        const recordedAt = nowIso();
        await trx
          .updateTable('word_sets')
          .set({ test_correct: result.correct, test_total: result.total, test_recorded_at: recordedAt })
          .where('id', '=', owned.id)
          .execute();
        await bumpChildDataVersions(trx, childId);
        return { correct: result.correct, total: result.total, recordedAt };
      });
    },

    /** Removes the set's test result; false when the set is not the child's. */
    clearTestResult(parentId: string, childId: string, wordSetId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('word_sets')
          .set({ test_correct: null, test_total: null, test_recorded_at: null })
          .where('id', 'in', accessibleWordSetIds(trx, parentId, childId, wordSetId, 'edit'))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await bumpChildDataVersions(trx, childId);
        return true;
      });
    },

    /**
     * Removes the set, its words and its stored session. The child's grades stay in the
     * statistics (their word and set ids become null). False when the set is not the child's.
     */
    remove(parentId: string, childId: string, wordSetId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('word_sets')
          .where('id', 'in', accessibleWordSetIds(trx, parentId, childId, wordSetId, 'edit'))
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        await bumpChildDataVersions(trx, childId);
        return true;
      });
    },
  };
}
export type WordSetsRepository = ReturnType<typeof createWordSetsRepository>;
