import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as officialSamples from './002-official-samples.js';
import * as parentDataVersion from './003-parent-data-version.js';
import * as undoGrade from './004-undo-grade.js';

/**
 * Every migration, in order. Listed here rather than read from the folder so they work the
 * same under tsx, a bundler, or compiled output. Add new ones with the next number.
 */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-official-samples': officialSamples,
  '003-parent-data-version': parentDataVersion,
  '004-undo-grade': undoGrade,
};
