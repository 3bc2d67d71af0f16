import pg from 'pg';

/**
 * Each Vitest worker gets a PostgreSQL database of its own beside TEST_DATABASE_URL's
 * (`test` → `test_w1`, `test_w2`, …), so PostgreSQL test files can run side by side.
 *
 * A schema per test file is not enough on its own: Kysely's migrator (and the upgrade test)
 * list the tables of every schema in the database, and a worker that drops a schema or a
 * table meanwhile makes that listing fail ("relation … does not exist"). Within one worker
 * the files run one after another, so nothing is dropped under a listing.
 * docs/decisions/026-test-layout.md.
 */
export function workerDatabaseUrl(baseUrl: string, poolId = process.env.VITEST_POOL_ID ?? '1'): string {
  const url = new URL(baseUrl);
  const base = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  url.pathname = `/${encodeURIComponent(`${base}_w${poolId}`)}`;
  return url.toString();
}

/** Creates the worker's database the first time a worker with this id runs a file. */
export async function ensureWorkerDatabase(baseUrl: string, workerUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(workerUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Another run's worker with the same id made it first: it is there, which is all we need.
    if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505')
      throw error;
  } finally {
    await client.end();
  }
}
