import path from 'node:path';

/** What lives in DATA_DIR, by name; the server, backup and restore agree through these. */
export const DATA_FILES = {
  database: 'spellwell.sqlite',
  jwtSecret: 'jwt-secret',
  /** Parents' recordings, when a version of SpellWell keeps them. */
  recordings: 'recordings',
  /** Where a backup asks the running server for a copy of its database. */
  controlSocket: 'control.sock',
} as const;

export const dataPath = (dataDir: string, name: string) => path.join(dataDir, name);

/** A message for the operator: the CLI prints it alone, without a stack. */
export class OpsError extends Error {}
