import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FifoLock } from '../../src/db/sqlite-dialect.js';
import { statement, type Param } from '../../src/db/statement.js';
import { nowIso } from '../../src/db/timestamps.js';
import { buildTestApp } from '../helper.js';

const { app, createParent } = await buildTestApp();
const { db } = app;

const childrenOf = statement(db, (param: Param<'parentId'>) =>
  db.kysely
    .selectFrom('children')
    .select(['id', 'name'])
    .where('parent_id', '=', param('parentId'))
    .orderBy('name'),
);
const childNamed = statement(db, (param: Param<'parentId' | 'name'>) =>
  db.kysely
    .selectFrom('children')
    .select('id')
    .where('parent_id', '=', param('parentId'))
    .where('name', '=', param('name'))
    // A constant compiled into the query stays as it was.
    .limit(1),
);

function addChild(parentId: string, name: string) {
  return db.kysely
    .insertInto('children')
    .values({ id: randomUUID(), parent_id: parentId, name, created_at: nowIso() })
    .execute();
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe(`compiled statements (${db.engine})`, () => {
  it('binds each call’s values to the names the query was built with', async () => {
    const a = await createParent();
    const b = await createParent();
    await addChild(a.id, 'Ann');
    await addChild(a.id, 'Ben');
    await addChild(b.id, 'Cat');
    expect((await childrenOf.read({ parentId: a.id })).map((c) => c.name)).toEqual(['Ann', 'Ben']);
    expect((await childrenOf.read({ parentId: b.id })).map((c) => c.name)).toEqual(['Cat']);
    expect(await childNamed.readFirst({ parentId: a.id, name: 'Ben' })).toEqual({ id: expect.any(String) });
    expect(await childNamed.readFirst({ parentId: b.id, name: 'Ben' })).toBeUndefined();
  });

  it('never sees a transaction’s rows before it commits, nor after it rolls back', async () => {
    const parent = await createParent();
    const gate = deferred();
    const inserted = deferred();
    const committing = db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('children')
        .values({ id: randomUUID(), parent_id: parent.id, name: 'Dee', created_at: nowIso() })
        .execute();
      inserted.release();
      await gate.promise;
    });
    await inserted.promise;
    let readDone = false;
    const read = childrenOf.read({ parentId: parent.id }).then((rows) => {
      readDone = true;
      return rows;
    });
    // On SQLite the read waits for the transaction's connection; on PostgreSQL it runs on
    // another connection and sees the last committed state. Either way: no uncommitted row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (readDone) expect(await read).toEqual([]);
    gate.release();
    await committing;
    const rows = await read;
    expect(rows.length === 0 || rows.map((c) => c.name).join() === 'Dee').toBe(true);
    expect((await childrenOf.read({ parentId: parent.id })).map((c) => c.name)).toEqual(['Dee']);

    const rollingBack = db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('children')
          .values({ id: randomUUID(), parent_id: parent.id, name: 'Eve', created_at: nowIso() })
          .execute();
        throw new Error('changed my mind');
      })
      .catch(() => 'rolled back');
    const during = childrenOf.read({ parentId: parent.id });
    expect(await rollingBack).toBe('rolled back');
    expect((await during).map((c) => c.name)).toEqual(['Dee']);
  });
  it('runs on the caller’s transaction: sees its uncommitted rows, and its writes roll back with it', async () => {
    const parent = await createParent();
    await addChild(parent.id, 'Fay');
    const [fay] = await childrenOf.read({ parentId: parent.id });
    const rename = statement(db, (param: Param<'id' | 'name'>) =>
      db.kysely
        .updateTable('children')
        .set({ name: param('name') })
        .where('id', '=', param('id')),
    );
    const outcome = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await rename.inTransaction(trx, { id: fay!.id, name: 'Gus' });
        expect(await childNamed.firstInTransaction(trx, { parentId: parent.id, name: 'Gus' })).toEqual({
          id: fay!.id,
        });
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe('changed my mind');
    expect(await childrenOf.read({ parentId: parent.id })).toEqual([{ id: fay!.id, name: 'Fay' }]);
  });
  // SQLite cannot write inside WITH, and its read cache counts commits made through Kysely.
  it(`runs a statement alone, committed on its own, only on PostgreSQL (${db.engine})`, async () => {
    const parent = await createParent();
    await addChild(parent.id, 'Hal');
    const [hal] = await childrenOf.read({ parentId: parent.id });
    const rename = statement(db, (param: Param<'id' | 'name'>) =>
      db.kysely
        .updateTable('children')
        .set({ name: param('name') })
        .where('id', '=', param('id'))
        .returning('name'),
    );
    if (db.engine === 'sqlite') {
      expect(rename.alone).toBeUndefined();
      return;
    }
    expect(await rename.alone!({ id: hal!.id, name: 'Ida' })).toEqual([{ name: 'Ida' }]);
    expect(await childrenOf.read({ parentId: parent.id })).toEqual([{ id: hal!.id, name: 'Ida' }]);
  });
});

describe('FifoLock', () => {
  it('hands the lock to waiters one at a time, in the order they asked', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.lock();
    expect(lock.held).toBe(true);
    const waiters = [1, 2, 3].map((n) =>
      lock.lock().then(() => {
        order.push(n);
        expect(lock.held).toBe(true);
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([]);
    lock.unlock();
    await waiters[0];
    expect(order).toEqual([1]);
    lock.unlock();
    lock.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    lock.unlock();
    expect(lock.held).toBe(false);
  });
});
