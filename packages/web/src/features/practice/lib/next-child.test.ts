import type { ChildWithWordSets, WordSetSummary } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { nextChild } from './next-child';

const set = (id: string, dueCount: number, testDate = '2026-12-01'): WordSetSummary => ({
  id,
  testDate,
  description: id,
  language: 'English',
  wordCount: 5,
  dueCount,
  resumeAt: null,
  planForTestDate: false,
  readiness: { expectedCorrect: 2.5, wordCount: 5, atRisk: [], range: { low: 1, high: 4 } },
  testResult: null,
  predictedForTest: null,
  practisedCount: 0,
  masteredCount: 0,
  words: [],
});
const child = (id: string, sets: WordSetSummary[]): ChildWithWordSets => ({
  id,
  name: `Child ${id}`,
  role: 'owner',
  languages: [],
  school: null,
  level: null,
  colour: 'teal',
  pronoun: 'their',
  wordSets: sets,
});

describe('"Next: <other child>"', () => {
  const today = '2026-11-23';

  it('names another child with words due, linking their one due practice', () => {
    const family = [child('a', [set('s1', 3)]), child('b', [set('s2', 0), set('s3', 2)])];
    expect(nextChild(family, 'a', today)).toEqual({ childId: 'b', name: 'Child b', due: 2, wordSetId: 's3' });
  });

  it('links the tab when several practices are due, and picks the child with most due', () => {
    const family = [child('a', []), child('b', [set('s2', 1)]), child('c', [set('s3', 2), set('s4', 2)])];
    expect(nextChild(family, 'a', today)).toEqual({ childId: 'c', name: 'Child c', due: 4, wordSetId: null });
  });

  it('is null when nobody else has words due (past tests do not count)', () => {
    const family = [child('a', [set('s1', 3)]), child('b', [set('s2', 5, '2026-11-01')])];
    expect(nextChild(family, 'a', today)).toBeNull();
    expect(nextChild([child('a', [set('s1', 3)])], 'a', today)).toBeNull();
  });
});
