import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Which of `keys` a real QueryClient marks stale after invalidating `prefix`. */
async function invalidatedBy(prefix: readonly unknown[], keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey: prefix, refetchType: 'none' });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('queryKeys', () => {
  it("a child's review prefix covers its today figures and every history length, and no other child's", async () => {
    const keys = [
      queryKeys.review.today('a'),
      queryKeys.review.history('a', 30),
      queryKeys.review.history('a', 7),
      queryKeys.review.today('b'),
      queryKeys.review.history('b', 30),
      queryKeys.wordSet('a', 'w'),
    ];
    expect(await invalidatedBy(queryKeys.review.child('a'), keys)).toEqual(keys.slice(0, 3));
  });

  it("the word-set lists' prefix covers every parent's list but not a single word set", async () => {
    const keys = [
      queryKeys.wordSets.byParent('p1'),
      queryKeys.wordSets.byParent('p2'),
      queryKeys.wordSet('c', 'w'),
      queryKeys.officialWordSets(),
    ];
    expect(await invalidatedBy(queryKeys.wordSets.all(), keys)).toEqual(keys.slice(0, 2));
  });

  it('a word set is its own entry, shared by practice and the edit page', async () => {
    const keys = [
      queryKeys.wordSet('c', 'w1'),
      queryKeys.wordSet('c', 'w2'),
      queryKeys.practiceSession('c', 'w1'),
    ];
    expect(await invalidatedBy(queryKeys.wordSet('c', 'w1'), keys)).toEqual(keys.slice(0, 1));
  });

  it('signing in or out drops who is signed in but keeps the server configuration', async () => {
    const keys = [queryKeys.auth.me(), queryKeys.auth.config()];
    expect(await invalidatedBy(queryKeys.auth.me(), keys)).toEqual(keys.slice(0, 1));
  });
});
