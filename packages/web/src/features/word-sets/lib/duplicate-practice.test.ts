import type { WordSetSummary } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { findDuplicatePractice } from './duplicate-practice';

const set = (over: Partial<WordSetSummary>): WordSetSummary => ({
  id: crypto.randomUUID(),
  testDate: '2030-01-07',
  description: 'Week 3',
  language: 'English',
  wordCount: 3,
  dueCount: 3,
  resumeAt: null,
  words: ['apple', 'banana', 'cherry'],
  planForTestDate: false,
  readiness: { expectedCorrect: 1.5, wordCount: 3, atRisk: [], range: { low: 1, high: 3 } },
  testResult: null,
  predictedForTest: null,
  practisedCount: 0,
  masteredCount: 0,
  ...over,
});

describe('findDuplicatePractice', () => {
  const week3 = set({});
  const chinese = set({
    description: '听写 2',
    testDate: '2030-01-09',
    language: 'Chinese',
    words: ['春暖花开', '朋友'],
  });
  const existing = [week3, chinese];

  it.each([
    [
      'the same words in another order and case',
      { testDate: '2031-01-01', description: 'Other', words: 'Cherry\napple\n banana ' },
      week3,
    ],
    [
      'the same description (any case) for the same date',
      { testDate: '2030-01-07', description: ' week 3', words: 'x' },
      week3,
    ],
    [
      'the same Chinese words',
      { testDate: '2031-01-01', description: 'Again', words: '朋友\n春暖花开' },
      chinese,
    ],
  ])('finds %s', (_label, values, expected) => {
    expect(findDuplicatePractice(values, existing)).toBe(expected);
  });

  it.each([
    ['a subset of the words', { testDate: '2031-01-01', description: 'Other', words: 'apple\nbanana' }],
    ['more words', { testDate: '2031-01-01', description: 'Other', words: 'apple\nbanana\ncherry\ndates' }],
    ['the same description on another date', { testDate: '2030-01-14', description: 'Week 3', words: 'x' }],
  ])('does not flag %s', (_label, values) => {
    expect(findDuplicatePractice(values, existing)).toBeUndefined();
  });
});
