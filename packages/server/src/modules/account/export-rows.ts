import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accessibleChildIds, accessibleWordSetIds, canReachChild } from '../children/access.js';
import { pages, single } from './export-pages.js';
import { pageAfter } from './page-after.js';

/** Rows of a few hundred bytes: a page is a few hundred KB at most. */
const PAGE = 500;
/** A practice session's or an official list's row holds a list (200 words or ids at most). */
const LIST_PAGE = 50;
/** A printed sheet's row holds its whole word list, which an older version let grow to megabytes. */
const SHEET_PAGE = 5;

/** Where the last page ended: the order's columns of its last row. */
type Created = { created_at: string; id: string };

/**
 * The parent's rows for the data export, each table read page by page in a fixed order
 * (keyset pagination: the page after the last row read, never OFFSET). Every query is scoped
 * to the parent inside itself, so nothing of another parent can appear. Between pages other
 * requests run, and writes too: a row changed during an export may appear as it was or as it
 * became (docs/decisions/012-streamed-export.md).
 */
export function createExportRows(kysely: Kysely<Database>, parentId: string) {
  /**
   * Issue 37: what the parent can see is theirs to export. The child data is read for the
   * children they own or share as a co-parent ('edit'); a tutor's export holds only the
   * memberships and the grades they gave.
   */
  const seenChildren = () =>
    kysely
      .selectFrom('children')
      .select('children.id')
      .where((eb) => canReachChild(eb, parentId, 'edit'));

  return {
    parent: () => kysely.selectFrom('parents').selectAll().where('id', '=', parentId).executeTakeFirst(),

    // Every column but token_hash: a hash of a live token is a credential, not data.
    signIns: () =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely
              .selectFrom('refresh_tokens')
              .select([
                'id',
                'family_id',
                'created_at',
                'expires_at',
                'family_expires_at',
                'used_at',
                'revoked_at',
              ])
              .where('parent_id', '=', parentId),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    children: () =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely.selectFrom('children').selectAll().where('parent_id', '=', parentId),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    /** Children shared with the parent as a co-parent (issue 37): exported like their own. */
    sharedChildren: () =>
      kysely
        .selectFrom('children')
        .innerJoin('child_members', 'child_members.child_id', 'children.id')
        .selectAll('children')
        .where('child_members.parent_id', '=', parentId)
        .where('child_members.role', '=', 'co-parent')
        .orderBy('children.created_at')
        .orderBy('children.id')
        .execute(),

    /** Who shares what: the parent's memberships, and the members of the parent's own children. */
    memberships: () =>
      kysely
        .selectFrom('child_members')
        .innerJoin('children', 'children.id', 'child_members.child_id')
        .select([
          'child_members.child_id',
          'child_members.parent_id',
          'child_members.role',
          'child_members.created_at',
          'children.name as child_name',
          'children.parent_id as owner_id',
        ])
        .where((eb) =>
          eb.or([eb('child_members.parent_id', '=', parentId), eb('children.parent_id', '=', parentId)]),
        )
        .orderBy('child_members.created_at')
        .orderBy('child_members.child_id')
        .execute(),

    /** The grades the parent gave to children they do not own (a tutor's whole share of them). */
    gradesGiven: () =>
      kysely
        .selectFrom('word_reviews')
        .innerJoin('children', 'children.id', 'word_reviews.child_id')
        .leftJoin('words', 'words.id', 'word_reviews.word_id')
        .select([
          'word_reviews.id',
          'word_reviews.child_id',
          'word_reviews.word_id',
          'words.word_string',
          'word_reviews.quality',
          'word_reviews.local_date',
          'word_reviews.reviewed_at',
        ])
        .where('word_reviews.graded_by', '=', parentId)
        .where('children.parent_id', '!=', parentId)
        .orderBy('word_reviews.reviewed_at')
        .orderBy('word_reviews.id')
        .execute(),

    dictationSettings: (childId: string) =>
      single(() =>
        kysely
          .selectFrom('dictation_settings')
          .selectAll()
          .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit'))
          .executeTakeFirst(),
      ),

    printedSheets: (childId: string) =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely
              .selectFrom('printed_sheets')
              .selectAll()
              .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit')),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            SHEET_PAGE,
          ).execute(),
        SHEET_PAGE,
      ),

    wordSets: (childId: string) =>
      pages(
        (after?: { test_date: string; id: string }) =>
          pageAfter(
            kysely
              .selectFrom('word_sets')
              // The code the set was imported from (issue 37), when it was.
              .leftJoin('shared_lists', 'shared_lists.id', 'word_sets.shared_list_id')
              .selectAll('word_sets')
              .select('shared_lists.code as imported_from_code')
              .where('word_sets.child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit')),
            ['word_sets.test_date', 'word_sets.id'],
            after && [after.test_date, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    /** The set's words, each saying whether it has a recording (its audio is read by `recording`). */
    words: (childId: string, wordSetId: string) =>
      pages(
        (after?: { position: number; id: string }) =>
          pageAfter(
            kysely
              .selectFrom('words')
              .leftJoin('word_recordings', 'word_recordings.word_id', 'words.id')
              .selectAll('words')
              .select('word_recordings.word_id as recorded')
              .where(
                'words.word_set_id',
                'in',
                accessibleWordSetIds(kysely, parentId, childId, wordSetId, 'edit'),
              ),
            ['words.position', 'words.id'],
            after && [after.position, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    /** One word's recording with its audio, read alone: only one is held at a time. */
    recording: (wordId: string) =>
      single(() =>
        kysely
          .selectFrom('word_recordings')
          .innerJoin('words', 'words.id', 'word_recordings.word_id')
          .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
          .select([
            'word_recordings.content_type',
            'word_recordings.duration_ms',
            'word_recordings.audio',
            'word_recordings.created_at',
          ])
          .where('word_recordings.word_id', '=', wordId)
          .where('word_sets.child_id', 'in', seenChildren())
          .executeTakeFirst(),
      ),

    reviews: (childId: string) =>
      pages(
        (after?: { reviewed_at: string; id: string }) =>
          pageAfter(
            kysely
              .selectFrom('word_reviews')
              .select([
                'id',
                'word_id',
                'word_set_id',
                'quality',
                'ease_factor',
                'interval',
                'next_review',
                'local_date',
                'reviewed_at',
              ])
              .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit')),
            ['reviewed_at', 'id'],
            after && [after.reviewed_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    completions: (childId: string) =>
      pages(
        (after?: { completed_at: string; id: string }) =>
          pageAfter(
            kysely
              .selectFrom('practice_completions')
              .selectAll()
              .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit')),
            ['completed_at', 'id'],
            after && [after.completed_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    practiceSessions: (childId: string) =>
      pages(
        (after?: { word_set_id: string }) =>
          kysely
            .selectFrom('practice_sessions')
            .selectAll()
            .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'edit'))
            .$if(after !== undefined, (q) => q.where('word_set_id', '>', after!.word_set_id))
            .orderBy('word_set_id')
            .limit(LIST_PAGE)
            .execute(),
        LIST_PAGE,
      ),

    officialWordSets: () =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely.selectFrom('official_word_sets').selectAll().where('created_by', '=', parentId),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            LIST_PAGE,
          ).execute(),
        LIST_PAGE,
      ),

    /** The codes this parent made to share their sets (issue 37), stopped ones too. */
    sharedLists: () =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely
              .selectFrom('shared_lists')
              .select(['id', 'code', 'word_set_id', 'created_at', 'stopped_at'])
              .where('created_by', '=', parentId),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),

    reminderSettings: () =>
      single(() =>
        kysely
          .selectFrom('reminder_settings')
          .selectAll()
          .where('parent_id', '=', parentId)
          .executeTakeFirst(),
      ),

    // Without the keys: they let a sender encrypt to the device, and are no use to the parent.
    pushDevices: () =>
      pages(
        (after?: Created) =>
          pageAfter(
            kysely
              .selectFrom('push_subscriptions')
              .select(['id', 'endpoint', 'created_at'])
              .where('parent_id', '=', parentId),
            ['created_at', 'id'],
            after && [after.created_at, after.id],
            PAGE,
          ).execute(),
        PAGE,
      ),
  };
}

export type ExportRows = ReturnType<typeof createExportRows>;
