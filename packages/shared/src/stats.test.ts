import { describe, expect, it } from 'vitest';
import { dailySeries, gradersByDay, longestStreak } from './stats.js';

describe('longestStreak', () => {
  it.each([
    { name: 'no days', dates: [], expected: 0 },
    { name: 'a single day', dates: ['2025-03-10'], expected: 1 },
    { name: 'three days in a row', dates: ['2025-03-10', '2025-03-11', '2025-03-12'], expected: 3 },
    {
      name: 'a gap splits runs; the longest wins',
      dates: ['2025-03-01', '2025-03-02', '2025-03-04', '2025-03-05', '2025-03-06'],
      expected: 3,
    },
    {
      name: 'the earlier run can be the longest',
      dates: ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-05'],
      expected: 3,
    },
    { name: 'a one-day gap breaks the run', dates: ['2025-03-01', '2025-03-03', '2025-03-05'], expected: 1 },
    { name: 'across a 30-day month end', dates: ['2025-04-29', '2025-04-30', '2025-05-01'], expected: 3 },
    { name: 'across a 31-day month end', dates: ['2025-01-30', '2025-01-31', '2025-02-01'], expected: 3 },
    { name: 'across a leap day', dates: ['2024-02-28', '2024-02-29', '2024-03-01'], expected: 3 },
    { name: 'no leap day in 2025', dates: ['2025-02-28', '2025-03-01'], expected: 2 },
    { name: 'across a year end', dates: ['2024-12-30', '2024-12-31', '2025-01-01'], expected: 3 },
    { name: 'unsorted input', dates: ['2025-03-12', '2025-03-10', '2025-03-11', '2025-02-01'], expected: 3 },
    {
      name: 'duplicates count once',
      dates: ['2025-03-10', '2025-03-10', '2025-03-11', '2025-03-11', '2025-03-11'],
      expected: 2,
    },
    { name: 'the same day only', dates: ['2025-03-10', '2025-03-10', '2025-03-10'], expected: 1 },
  ])('$name → $expected', ({ dates, expected }) => {
    expect(longestStreak(dates)).toBe(expected);
  });

  it('does not change its input', () => {
    const dates = ['2025-03-12', '2025-03-10'];
    longestStreak(dates);
    expect(dates).toEqual(['2025-03-12', '2025-03-10']);
  });
});

describe('dailySeries', () => {
  it('gives one entry per day ending today, oldest first, with zeros for quiet days', () => {
    const counts = new Map([
      ['2025-02-27', 4],
      ['2025-03-01', 2],
      ['2025-02-20', 9], // before the range
    ]);
    // Of them, the child's own grades (issue 36).
    const own = new Map([['2025-03-01', 1]]);
    expect(dailySeries(counts, '2025-03-01', 4, own)).toEqual([
      { date: '2025-02-26', wordsReviewed: 0, onOwn: 0, gradedBy: [] },
      { date: '2025-02-27', wordsReviewed: 4, onOwn: 0, gradedBy: [] },
      { date: '2025-02-28', wordsReviewed: 0, onOwn: 0, gradedBy: [] },
      { date: '2025-03-01', wordsReviewed: 2, onOwn: 1, gradedBy: [] },
    ]);
  });

  it('says who graded each day where it is given (issue 37)', () => {
    const counts = new Map([
      ['2025-02-28', 3],
      ['2025-03-01', 5],
    ]);
    const graders = gradersByDay([
      { date: '2025-03-01', name: 'Mum', count: 1 },
      { date: '2025-03-01', name: 'Dad', count: 3 },
      { date: '2025-02-28', name: 'Mum', count: 3 },
      { date: '2025-03-01', name: 'Mum', count: 1 }, // a second "Mum": one entry
    ]);
    expect(dailySeries(counts, '2025-03-01', 2, new Map([['2025-03-01', 0]]), graders)).toEqual([
      { date: '2025-02-28', wordsReviewed: 3, onOwn: 0, gradedBy: [{ name: 'Mum', count: 3 }] },
      {
        date: '2025-03-01',
        wordsReviewed: 5,
        onOwn: 0,
        gradedBy: [
          { name: 'Dad', count: 3 },
          { name: 'Mum', count: 2 },
        ],
      },
    ]);
  });

  it('gives just today for one day', () => {
    expect(dailySeries(new Map(), '2024-12-31', 1)).toEqual([
      { date: '2024-12-31', wordsReviewed: 0, onOwn: 0, gradedBy: [] },
    ]);
  });

  it('spans a leap day', () => {
    expect(dailySeries(new Map(), '2024-03-01', 3).map((d) => d.date)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});
