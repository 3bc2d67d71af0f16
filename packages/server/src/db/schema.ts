import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Portable column types (docs/decisions/001-database.md): ids are random UUID text; calendar
 * dates are "yyyy-MM-dd" text; instants are ISO-8601 UTC text (they sort as text); booleans
 * are 0/1 integers; lists are JSON text. Both SQLite and PostgreSQL store and compare these
 * the same way, so one set of queries serves both.
 */

export interface ParentsTable {
  id: string;
  google_sub: string;
  email: string;
  name: string | null;
  created_at: string;
  /** Raised by every write the read cache depends on (modules/read-cache). */
  data_version: Generated<number>;
}

export interface ChildrenTable {
  id: string;
  parent_id: string;
  name: string;
  created_at: string;
  /** Comma-separated languages the child learns (issue 35); null: any. */
  languages: string | null;
  school: string | null;
  level: string | null;
  /** A palette name (CHILD_COLOURS); null: resolved from the siblings' order. */
  colour: string | null;
  /** her, his or their (migration 016), in "Mei, on her own"; null: their. */
  pronoun: Generated<string | null>;
  /**
   * The child's speed the test-day planner reads at a grade (migration 021, issue 40), and the
   * grades it was fitted on (`gradesStamp`); null until a planned grade or a readiness answer
   * fits one.
   */
  fitted_speed: number | null;
  fitted_speed_stamp: string | null;
}

export interface WordSetsTable {
  id: string;
  child_id: string;
  test_date: string;
  description: string;
  language: string;
  created_at: string;
  updated_at: string;
  /** 1: the test-day planner picks the words' next reviews (issue 19); 0: the rule alone. */
  plan_for_test_date: Generated<number>;
  /** The real test result (issue 34): words right, words tested, when recorded; null until then. */
  test_correct: number | null;
  test_total: number | null;
  test_recorded_at: string | null;
  /** The share code this set was imported from (issue 37), or null. */
  shared_list_id: string | null;
}

export interface WordsTable {
  id: string;
  word_set_id: string;
  word_string: string;
  /** Order as the parent typed the list. */
  position: number;
  ease_factor: number;
  interval: number;
  next_review: string | null;
  last_reviewed_at: string | null;
  review_count: Generated<number>;
  created_at: string;
  /** A Chinese word's pinyin (migration 007); null in other languages and in older rows. */
  reading: string | null;
}

/** Every grade ever given: the source of the daily statistics and streaks. */
export interface WordReviewsTable {
  id: string;
  child_id: string;
  /** Kept (as null) when the word is later removed, so the history still counts. */
  word_id: string | null;
  word_set_id: string | null;
  quality: number;
  ease_factor: number;
  interval: number;
  next_review: string;
  /** The parent's local day when it was graded. */
  local_date: string;
  reviewed_at: string;
  idempotency_key: string | null;
  /** The word's schedule before this grade, restored by an undo (null: graded before undo existed). */
  prev_ease_factor: number | null;
  prev_interval: number | null;
  prev_next_review: string | null;
  prev_last_reviewed_at: string | null;
  /** A grade the child's own session made (issue 36): what the child typed last; null: the parent's. */
  child_answer: Generated<string | null>;
  /** In how many attempts (1 to 3); null for a parent's grade. */
  child_attempts: Generated<number | null>;
  /** Written in the stroke quiz (migration 016): its mistakes; null when typed or the parent's. */
  child_mistakes: Generated<number | null>;
  /** Issue 37: the parent who gave the grade; null for older grades and the child's own. */
  graded_by: Generated<string | null>;
}

/** A finished practice session (`POST /review/{childId}`), counted as "Sets Completed". */
export interface PracticeCompletionsTable {
  id: string;
  child_id: string;
  words_reviewed: number;
  local_date: string;
  completed_at: string;
}

/** An unfinished practice session, so it can be resumed on any device. */
export interface PracticeSessionsTable {
  word_set_id: string;
  child_id: string;
  /** JSON array of word ids in practice order. */
  word_ids: string;
  position: number;
  due_count: number;
  updated_at: string;
}

export interface OfficialWordSetsTable {
  id: string;
  school: string;
  test_date: string;
  description: string;
  language: string;
  /** JSON array of words. */
  words: string;
  created_by: string | null;
  created_at: string;
}

export interface RefreshTokensTable {
  id: string;
  parent_id: string;
  /** Tokens rotated from one sign-in share a family; reuse of a spent one revokes it all. */
  family_id: string;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  family_expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** A parent's pass letting one child practise alone on one device (issue 36). */
export interface DevicePassesTable {
  id: string;
  parent_id: string;
  child_id: string;
  /** SHA-256 of the one-time secret: the secret itself is never stored. */
  secret_hash: string;
  created_at: string;
  /** The secret works until then, once. */
  expires_at: string;
  used_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A code that shares one of a parent's sets (issue 37); live: it shows the set as it is now. */
export interface SharedListsTable {
  id: string;
  /** As shown, `K7QM-2XR9-HT4P`. */
  code: string;
  /** Null once the set is deleted: the code then answers 410, like a stopped one. */
  word_set_id: string | null;
  created_by: string;
  created_at: string;
  stopped_at: string | null;
}

/** A device's refresh tokens, rotated like `refresh_tokens`, ended with their pass. */
export interface KidRefreshTokensTable {
  id: string;
  pass_id: string;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  family_expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** The server's count of a device's attempts at a word (issue 36, migration 016). */
export interface KidWordAttemptsTable {
  pass_id: string;
  word_id: string;
  attempts: number;
  /** The last answer counted, as typed (NFC, trimmed). */
  last_answer: string;
  /** The client's key for that answer: the same key again is a retry, answered, not counted. */
  answer_id: string | null;
  /** Set when the word is done (right, or the last attempt): the next answer starts anew. */
  done_at: string | null;
  grade: number | null;
  updated_at: string;
}

/** A parent's own recording of a word (issue 22): the audio as uploaded, one per word. */
export interface WordRecordingsTable {
  word_id: string;
  /** audio/webm, audio/ogg or audio/mp4, from the bytes themselves. */
  content_type: string;
  audio: Uint8Array;
  duration_ms: number;
  /** Quoted strong ETag of the audio (its SHA-256, shortened). */
  etag: string;
  created_at: string;
  /** The audio's length in bytes, for the family's recordings quota (migration 010; null before it). */
  bytes: number | null;
}

/** A child's dictation pause (issue 20); no row means the default. */
export interface DictationSettingsTable {
  child_id: string;
  pause_seconds: number;
  updated_at: string;
}

/** A printed sheet's word list as printed (issue 20), for the QR code's grading sheet. */
export interface PrintedSheetsTable {
  id: string;
  child_id: string;
  /** Null for "today's words" across the child's sets. */
  word_set_id: string | null;
  title: string;
  /** JSON array of word ids. */
  word_ids: string;
  /** JSON array of the words as printed, parallel to word_ids. */
  words: string;
  created_at: string;
  /** JSON array of `AnswerSlot` (issue 39, marking from a photo); null on older sheets. */
  answer_slots: string | null;
}

/** Scans a parent started on a UTC day (issue 41), for the daily quota. */
export interface ScanDaysTable {
  parent_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  scans: number;
}

/** A parent's reminder settings (issue 38); no row: reminders off. */
export interface ReminderSettingsTable {
  parent_id: string;
  time: string;
  /** Weekday digits, "0123456" (0 Sunday). */
  days: string;
  push: number;
  email: number;
  time_zone: string;
  updated_at: string;
}

/** A device a parent gets push notifications on (issue 38). */
export interface PushSubscriptionsTable {
  id: string;
  parent_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** The reminder of one parent's local day, claimed by the server sending it (issue 38). */
export interface ReminderSendsTable {
  parent_id: string;
  day: string;
  claimed_at: string;
  sent_at: string | null;
}

/** Issue 37: a parent other than the owner who shares a child (docs/decisions/021). */
export interface ChildMembersTable {
  child_id: string;
  parent_id: string;
  role: 'co-parent' | 'tutor';
  created_at: string;
}

/** Issue 37: the owner's one-time invite; only the SHA-256 of its secret is kept. */
export interface ChildInvitesTable {
  id: string;
  child_id: string;
  role: 'co-parent' | 'tutor';
  secret_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  withdrawn_at: string | null;
}

export interface Database {
  parents: ParentsTable;
  children: ChildrenTable;
  word_sets: WordSetsTable;
  words: WordsTable;
  word_reviews: WordReviewsTable;
  practice_completions: PracticeCompletionsTable;
  practice_sessions: PracticeSessionsTable;
  official_word_sets: OfficialWordSetsTable;
  refresh_tokens: RefreshTokensTable;
  word_recordings: WordRecordingsTable;
  dictation_settings: DictationSettingsTable;
  printed_sheets: PrintedSheetsTable;
  scan_days: ScanDaysTable;
  reminder_settings: ReminderSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_sends: ReminderSendsTable;
  device_passes: DevicePassesTable;
  kid_refresh_tokens: KidRefreshTokensTable;
  kid_word_attempts: KidWordAttemptsTable;
  shared_lists: SharedListsTable;
  child_members: ChildMembersTable;
  child_invites: ChildInvitesTable;
}

export type Parent = Selectable<ParentsTable>;
export type NewParent = Insertable<ParentsTable>;
export type WordRow = Selectable<WordsTable>;
export type WordUpdate = Updateable<WordsTable>;
