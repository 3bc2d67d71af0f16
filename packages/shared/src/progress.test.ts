import { describe, expect, it } from 'vitest';
import { PROGRESS_WEEKS, progressStart, weekStartOf, weeklyProgress } from './progress.js';

describe('weekly progress (issue 35)', () => {
  const today = '2030-01-09'; // a Wednesday

  it.each([
    ['2030-01-07', '2030-01-07'], // Monday
    ['2030-01-09', '2030-01-07'],
    ['2030-01-13', '2030-01-07'], // Sunday
    ['2030-01-14', '2030-01-14'],
  ])('puts %s in the week of %s', (day, monday) => {
    expect(weekStartOf(day)).toBe(monday);
  });

  it('covers 12 weeks, oldest first, ending with this week', () => {
    const weeks = weeklyProgress([], today);
    expect(weeks).toHaveLength(PROGRESS_WEEKS);
    expect(weeks[0]!.weekStart).toBe(progressStart(today));
    expect(weeks[0]!.weekStart).toBe('2029-10-22');
    expect(weeks.at(-1)).toEqual({ weekStart: '2030-01-07', wordsPractised: 0, firstTimeRight: 0 });
  });

  it('counts each word once a day, right first time only when its first grade that day was Easy', () => {
    const weeks = weeklyProgress(
      [
        { wordId: 'a', day: '2030-01-07', quality: 3 },
        { wordId: 'a', day: '2030-01-07', quality: 1 }, // again the same evening: not a first try
        { wordId: 'b', day: '2030-01-07', quality: 1 },
        { wordId: 'a', day: '2030-01-08', quality: 1 }, // the next day: a new first try
        { wordId: null, day: '2030-01-08', quality: 1 },
        { wordId: null, day: '2030-01-08', quality: 2 },
        { wordId: 'c', day: '2030-01-01', quality: 1 }, // the week before
        { wordId: 'd', day: '2029-10-21', quality: 1 }, // before the 12 weeks
        { wordId: 'e', day: '2030-01-10', quality: 1 }, // after today
      ],
      today,
    );
    expect(weeks.at(-1)).toEqual({ weekStart: '2030-01-07', wordsPractised: 5, firstTimeRight: 3 });
    expect(weeks.at(-2)).toEqual({ weekStart: '2029-12-31', wordsPractised: 1, firstTimeRight: 1 });
    expect(weeks.slice(0, -2).every((w) => w.wordsPractised === 0)).toBe(true);
  });
});
