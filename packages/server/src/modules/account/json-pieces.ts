/*
 * The export is one JSON document too big to hold (recordings are hundreds of MB), written in
 * pieces as its rows are read. Every row is still serialised by JSON.stringify; these only put
 * the brackets and commas between them.
 */

/** `"a":1,"b":2`: an object's plain fields, for an object whose other fields are streamed. */
export const fields = (values: Record<string, unknown>): string => JSON.stringify(values).slice(1, -1);

/** A JSON array written member by member as `rows` come. */
export async function* array<T>(
  rows: AsyncIterable<T>,
  member: (row: T) => string | AsyncIterable<string | Buffer>,
): AsyncGenerator<string | Buffer> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    if (!first) yield ',';
    first = false;
    const written = member(row);
    if (typeof written === 'string') yield written;
    else yield* written;
  }
  yield ']';
}

/**
 * Joins small pieces into chunks of about `size` characters, each one write to the client: a
 * row of a few hundred bytes is not worth a write of its own. Bytes (a recording) go as they are.
 */
export async function* chunks(pieces: AsyncIterable<string | Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const piece of pieces) {
    if (typeof piece === 'string') {
      pending += piece;
      if (pending.length >= size) {
        yield Buffer.from(pending);
        pending = '';
      }
      continue;
    }
    if (pending) {
      yield Buffer.from(pending);
      pending = '';
    }
    yield piece;
  }
  if (pending) yield Buffer.from(pending);
}
