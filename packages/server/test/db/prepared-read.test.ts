import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../src/db/dialect.js';
import { prepareRead } from '../../src/db/prepared-read.js';
import { FifoLock } from '../../src/db/sqlite-dialect.js';
import { buildTestApp } from '../helper.js';

const { app, createParent } = await buildTestApp();
const { db } = app;

const childrenOf = prepareRead(db, (param: (name: 'parentId') => string) =>
  db.kysely
    .selectFrom('children')
    .select(['id', 'name'])
    .where('parent_id', '=', param('parentId'))
    .orderBy('name'),
);
const childNamed = prepareRead(db, (param: (name: 'parentId' | 'name') => string) =>
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

describe(`prepared reads (${db.engine})`, () => {
  it('binds each call’s values to the names the query was built with', async () => {
    const a = await createParent();
    const b = await createParent();
    await addChild(a.id, 'Ann');
    await addChild(a.id, 'Ben');
    await addChild(b.id, 'Cat');
    expect((await childrenOf.all({ parentId: a.id })).map((c) => c.name)).toEqual(['Ann', 'Ben']);
    expect((await childrenOf.all({ parentId: b.id })).map((c) => c.name)).toEqual(['Cat']);
    expect(await childNamed.first({ parentId: a.id, name: 'Ben' })).toEqual({ id: expect.any(String) });
    expect(await childNamed.first({ parentId: b.id, name: 'Ben' })).toBeUndefined();
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
    const read = childrenOf.all({ parentId: parent.id }).then((rows) => {
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
    expect((await childrenOf.all({ parentId: parent.id })).map((c) => c.name)).toEqual(['Dee']);

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
    const during = childrenOf.all({ parentId: parent.id });
    expect(await rollingBack).toBe('rolled back');
    expect((await during).map((c) => c.name)).toEqual(['Dee']);
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
