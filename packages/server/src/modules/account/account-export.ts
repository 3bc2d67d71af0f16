import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  ChildrenTable,
  OfficialWordSetsTable,
  PracticeCompletionsTable,
  PracticeSessionsTable,
  PrintedSheetsTable,
  RefreshTokensTable,
  WordReviewsTable,
  WordSetsTable,
  WordsTable,
} from '../../db/schema.js';
import { parseStringList } from '../word-sets/json-list.js';
import { createExportRows, type ExportRows } from './export-rows.js';
import { array, chunks, fields } from './json-pieces.js';

/** Each write to the client is about this big (many rows, or one recording). */
const CHUNK_CHARS = 64 * 1024;

type Row<T> = Selectable<T>;

/*
 * Everything held about a parent (`GET /account/export`, AccountExportSchema), written as its
 * rows are read: memory stays the same whatever the account holds, the client's pace sets
 * the reading's (backpressure), and other requests run between pages. The document is the one
 * the export has always been, key for key; docs/decisions/012-streamed-export.md.
 */

const signIn = (
  token: Pick<
    Row<RefreshTokensTable>,
    'id' | 'family_id' | 'created_at' | 'expires_at' | 'family_expires_at' | 'used_at' | 'revoked_at'
  >,
) =>
  JSON.stringify({
    id: token.id,
    familyId: token.family_id,
    createdAt: token.created_at,
    expiresAt: token.expires_at,
    familyExpiresAt: token.family_expires_at,
    usedAt: token.used_at,
    revokedAt: token.revoked_at,
  });

const printedSheet = (sheet: Row<PrintedSheetsTable>) =>
  JSON.stringify({
    id: sheet.id,
    wordSetId: sheet.word_set_id,
    title: sheet.title,
    wordIds: parseStringList(sheet.word_ids) ?? [],
    words: parseStringList(sheet.words) ?? [],
    createdAt: sheet.created_at,
  });

/**
 * A word set's own fields. Per-set data added to the export goes here (it is written before the
 * set's words); it may be read from the database, once per set.
 */
async function wordSetFields(
  set: Row<WordSetsTable> & { imported_from_code: string | null },
): Promise<Record<string, unknown>> {
  return {
    id: set.id,
    testDate: set.test_date,
    description: set.description,
    language: set.language,
    createdAt: set.created_at,
    updatedAt: set.updated_at,
    testResult:
      set.test_correct == null || set.test_total == null || set.test_recorded_at == null
        ? null
        : {
            correct: Number(set.test_correct),
            total: Number(set.test_total),
            recordedAt: set.test_recorded_at,
          },
    // The share code the set was copied from (issue 37); null for a set made here.
    importedFromCode: set.imported_from_code,
  };
}

const wordFields = (word: Row<WordsTable>) => ({
  id: word.id,
  wordString: word.word_string,
  // The reading kept for a Chinese word (issue 21): the parent's choice, or null where the
  // dictionary's default is used; null in every other language.
  reading: word.reading,
  position: word.position,
  easeFactor: word.ease_factor,
  interval: word.interval,
  nextReview: word.next_review,
  lastReviewedAt: word.last_reviewed_at,
  reviewCount: Number(word.review_count),
});

/** A word, with its recording's audio (base64) when it has one: one recording read at a time. */
async function* word(
  rows: ExportRows,
  row: Row<WordsTable> & { recorded: string | null },
): AsyncGenerator<string | Buffer> {
  const recording = row.recorded === null ? undefined : await rows.recording(row.id);
  if (!recording) {
    // Also when the recording was deleted since the word was read.
    yield JSON.stringify({ ...wordFields(row), recording: null });
    return;
  }
  // A view of the bytes the driver returned, not a copy.
  const { audio } = recording;
  const about = {
    contentType: recording.content_type,
    durationMs: recording.duration_ms,
    bytes: audio.byteLength,
    createdAt: recording.created_at,
  };
  yield `{${fields(wordFields(row))},"recording":{${fields(about)},"base64":"`;
  // Base64 needs no escaping in a JSON string; as bytes, it goes out without another copy.
  yield Buffer.from(
    Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength).toString('base64'),
    'latin1',
  );
  yield '"}}';
}

async function* wordSet(
  rows: ExportRows,
  childId: string,
  set: Row<WordSetsTable> & { imported_from_code: string | null },
) {
  yield `{${fields(await wordSetFields(set))},"words":`;
  yield* array(rows.words(childId, set.id), (row) => word(rows, row));
  yield '}';
}

const review = (
  row: Pick<
    Row<WordReviewsTable>,
    | 'id'
    | 'word_id'
    | 'word_set_id'
    | 'quality'
    | 'ease_factor'
    | 'interval'
    | 'next_review'
    | 'local_date'
    | 'reviewed_at'
  >,
) =>
  JSON.stringify({
    id: row.id,
    wordId: row.word_id,
    wordSetId: row.word_set_id,
    quality: row.quality,
    easeFactor: row.ease_factor,
    interval: row.interval,
    nextReview: row.next_review,
    localDate: row.local_date,
    reviewedAt: row.reviewed_at,
  });

const completion = (row: Row<PracticeCompletionsTable>) =>
  JSON.stringify({
    id: row.id,
    wordsReviewed: row.words_reviewed,
    localDate: row.local_date,
    completedAt: row.completed_at,
  });

const practiceSession = (row: Row<PracticeSessionsTable>) =>
  JSON.stringify({
    wordSetId: row.word_set_id,
    wordIds: parseStringList(row.word_ids) ?? [],
    position: row.position,
    updatedAt: row.updated_at,
  });

async function* child(rows: ExportRows, row: Row<ChildrenTable>) {
  const dictation = await rows.dictationSettings(row.id);
  const dictationSettings = dictation
    ? { pauseSeconds: Number(dictation.pause_seconds), updatedAt: dictation.updated_at }
    : null;
  yield `{${fields({ dictationSettings })},"printedSheets":`;
  yield* array(rows.printedSheets(row.id), printedSheet);
  // Issue 35: the child's profile as stored (a colour never chosen is null).
  const profile = {
    languages: (row.languages ?? '').split(',').filter(Boolean),
    school: row.school,
    level: row.level,
    colour: row.colour,
  };
  yield `,${fields({ id: row.id, name: row.name, ...profile, createdAt: row.created_at })},"wordSets":`;
  yield* array(rows.wordSets(row.id), (set) => wordSet(rows, row.id, set));
  yield ',"reviews":';
  yield* array(rows.reviews(row.id), review);
  yield ',"practiceCompletions":';
  yield* array(rows.completions(row.id), completion);
  yield ',"practiceSessions":';
  yield* array(rows.practiceSessions(row.id), practiceSession);
  yield '}';
}

const officialWordSet = (set: Row<OfficialWordSetsTable>) =>
  JSON.stringify({
    id: set.id,
    school: set.school,
    testDate: set.test_date,
    description: set.description,
    language: set.language,
    words: parseStringList(set.words) ?? [],
    createdAt: set.created_at,
  });

/** The rows of one small query as the JSON writer reads them (memberships: a few per family). */
async function* toAsync<T>(rows: Promise<T[]>): AsyncGenerator<T> {
  yield* await rows;
}

/**
 * The export as a stream of JSON text, or null when the parent no longer exists. Nothing past
 * the parent's row is read until the client reads.
 */
export async function exportAccount(
  { kysely }: Db,
  parentId: string,
  exportedAt: Date,
): Promise<Readable | null> {
  const rows = createExportRows(kysely, parentId);
  const parent = await rows.parent();
  if (!parent) return null;
  async function* document() {
    const about = {
      id: parent!.id,
      googleSubject: parent!.google_sub,
      email: parent!.email,
      name: parent!.name,
      createdAt: parent!.created_at,
    };
    yield `{${fields({ exportedAt: exportedAt.toISOString(), parent: about })},"sessions":`;
    yield* array(rows.signIns(), signIn);
    yield ',"children":';
    yield* array(rows.children(), (row) => child(rows, row));
    // Issue 37: what is shared with this parent, and with whom they share their own children.
    yield ',"sharedChildren":';
    yield* array(toAsync(rows.sharedChildren()), (row) => child(rows, row));
    yield ',"memberships":';
    yield* array(toAsync(rows.memberships()), (m) =>
      JSON.stringify({
        childId: m.child_id,
        childName: m.child_name,
        parentId: m.parent_id,
        role: m.role,
        since: m.created_at,
        yours: m.parent_id === parentId ? 'you are a member' : 'a member of your child',
        ownerId: m.owner_id,
      }),
    );
    yield ',"gradesGiven":';
    yield* array(toAsync(rows.gradesGiven()), (g) =>
      JSON.stringify({
        id: g.id,
        childId: g.child_id,
        wordId: g.word_id,
        word: g.word_string,
        quality: g.quality,
        localDate: g.local_date,
        reviewedAt: g.reviewed_at,
      }),
    );
    yield ',"officialWordSets":';
    yield* array(rows.officialWordSets(), officialWordSet);
    // Codes this parent made to share their lists (issue 37): the set stays named after it is gone.
    yield ',"sharedLists":';
    yield* array(rows.sharedLists(), (row) =>
      JSON.stringify({
        code: row.code,
        wordSetId: row.word_set_id,
        createdAt: row.created_at,
        stoppedAt: row.stopped_at,
      }),
    );
    const settings = await rows.reminderSettings();
    const reminders = settings
      ? {
          time: settings.time,
          days: [...settings.days].map(Number),
          push: Boolean(settings.push),
          email: Boolean(settings.email),
          timeZone: settings.time_zone,
          updatedAt: settings.updated_at,
        }
      : null;
    yield `,${fields({ reminders })},"pushDevices":`;
    yield* array(rows.pushDevices(), (d) =>
      JSON.stringify({ endpoint: d.endpoint, createdAt: d.created_at }),
    );
    yield '}';
  }
  return Readable.from(chunks(document(), CHUNK_CHARS), { objectMode: false });
}
