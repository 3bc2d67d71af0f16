import type { SelectQueryBuilder, StringReference } from 'kysely';

/**
 * The page of rows after `after` in the order of two columns, the second unique (keyset
 * pagination, never OFFSET): `(first, second) > (after's values)`, ordered by both, `size` rows.
 * Without `after`, the first page.
 */
export function pageAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  [first, second]: readonly [StringReference<DB, TB>, StringReference<DB, TB>],
  after: readonly [string | number, string] | undefined,
  size: number,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .$if(after !== undefined, (q) =>
      // Kysely cannot relate a generic column's type to the value: the values come from the
      // last row read, whose fields are those columns.
      q.where((eb) => eb(eb.refTuple(first, second), '>', eb.tuple(after![0], after![1]) as never)),
    )
    .orderBy(first)
    .orderBy(second)
    .limit(size);
}
