import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as officialSamples from './002-official-samples.js';
import * as parentDataVersion from './003-parent-data-version.js';
import * as undoGrade from './004-undo-grade.js';
import * as planForTestDate from './006-plan-for-test-date.js';
import * as wordReadings from './007-word-readings.js';
import * as wordRecordings from './008-word-recordings.js';
import * as dictationAndPrintedSheets from './009-dictation-and-printed-sheets.js';
import * as recordingBytes from './010-recording-bytes.js';
import * as scanDays from './011-scan-days.js';
import * as childProfile from './012-child-profile.js';
import * as reminders from './013-reminders.js';
import * as testResults from './014-test-results.js';
import * as kidMode from './015-kid-mode.js';
import * as kidAttempts from './016-kid-attempts.js';
import * as familyMembers from './018-family-members.js';
import * as sharedLists from './019-shared-lists.js';
import * as markableSheets from './020-markable-sheets.js';
import * as fittedSpeed from './021-fitted-speed.js';

/**
 * Every migration, in order. Listed here rather than read from the folder so they work the
 * same under tsx, a bundler, or compiled output. Add new ones with the next number.
 * One that would hold a lock on a big PostgreSQL table for long (a rewrite, an index built
 * without CONCURRENTLY, a NOT NULL check over every row) says so at its top, with how to run it;
 * test/db/upgrades.test.ts upgrades a database with data from every earlier version.
 */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-official-samples': officialSamples,
  '003-parent-data-version': parentDataVersion,
  '004-undo-grade': undoGrade,
  '006-plan-for-test-date': planForTestDate,
  '007-word-readings': wordReadings,
  '008-word-recordings': wordRecordings,
  '009-dictation-and-printed-sheets': dictationAndPrintedSheets,
  '010-recording-bytes': recordingBytes,
  '011-scan-days': scanDays,
  '012-child-profile': childProfile,
  '013-reminders': reminders,
  '014-test-results': testResults,
  '015-kid-mode': kidMode,
  '016-kid-attempts': kidAttempts,
  '018-family-members': familyMembers,
  '019-shared-lists': sharedLists,
  '020-markable-sheets': markableSheets,
  '021-fitted-speed': fittedSpeed,
};
