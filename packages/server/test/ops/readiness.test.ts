import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { buildTestApp } from '../helper.js';

describe('GET /api/health/ready', () => {
  it('answers 200 once migrations ran and the database answers', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the migration that has not run, and 200 again once it has', async () => {
    const { app } = await buildTestApp();
    const last = Object.keys(migrations).at(-1)!;
    await sql`delete from kysely_migration where name = ${last}`.execute(app.db.kysely);
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'not_ready', message: `Database migrations have not run: ${last}` });
    // Liveness does not care: the process answers.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(
      app.db.kysely,
    );
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const { app } = await buildTestApp();
    await sql`alter table kysely_migration rename to kysely_migration_gone`.execute(app.db.kysely);
    // Without the bookkeeping table nothing looks migrated; a query that fails outright is the
    // database not answering.
    const missing = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().message).toMatch(/^Database migrations have not run: 001-initial/);
    await sql`alter table kysely_migration_gone rename to kysely_migration`.execute(app.db.kysely);

    // Closed under the app, as when the database server goes away.
    await app.db.kysely.destroy();
    const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: 'not_ready', message: 'The database does not answer' });
  });

  it('says it is shutting down as soon as close begins', async () => {
    const { app } = await buildTestApp();
    expect(await app.readiness.check()).toBeNull();
    const closed = app.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await app.readiness.check()).toBe('The server is shutting down');
    await closed;
  });
});
