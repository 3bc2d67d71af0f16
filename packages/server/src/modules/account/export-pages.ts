import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Reads rows page by page in a fixed order, handing them on one at a time: `read(after)` reads
 * the `size` rows that follow `after` in that order (the first ones when `after` is undefined).
 * Each page is one short query (no transaction or cursor holds a connection, SQLite's only one
 * included), and the event loop is let go after each, so other families' requests go on between
 * them however big the account is.
 */
export async function* pages<Row>(
  read: (after: NoInfer<Row> | undefined) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after);
    await nextTurn();
    yield* rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** One row by itself (a recording's audio), read with the event loop let go after it. */
export async function single<Row>(read: () => Promise<Row | undefined>): Promise<Row | undefined> {
  const row = await read();
  await nextTurn();
  return row;
}
