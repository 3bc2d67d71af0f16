import { describe, expect, it } from 'vitest';
import { dayLabel, historySummary, shortDate } from './history-summary';

const day = (
  date: string,
  wordsReviewed: number,
  onOwn = 0,
  gradedBy: Array<{ name: string; count: number }> = [],
) => ({ date, wordsReviewed, onOwn, gradedBy });

describe('historySummary', () => {
  it('says "none yet" when nothing was reviewed', () => {
    expect(historySummary([day('2026-01-04', 0), day('2026-01-05', 0)])).toBe(
      'Words reviewed in the last 2 days: none yet.',
    );
  });

  it('gives the total, the active days and the best day (the first on a tie)', () => {
    const days = [day('2026-01-03', 4), day('2026-01-04', 0), day('2026-01-05', 9), day('2026-01-06', 9)];
    expect(historySummary(days)).toBe(
      'Words reviewed in the last 4 days: 22 in total on 3 days, most on Mon, 05 Jan 2026 (9).',
    );
  });

  it('uses "day" for a single active day', () => {
    expect(historySummary([day('2026-01-05', 1)])).toBe(
      'Words reviewed in the last 1 day: 1 in total on 1 day, most on Mon, 05 Jan 2026 (1).',
    );
  });
});

describe("the chart's visible labels", () => {
  it('names the end dates and one day with its count', () => {
    expect(shortDate('2026-11-23')).toBe('23 Nov');
    expect(dayLabel(day('2026-11-23', 5))).toBe('Mon 23 Nov: 5 words');
    expect(dayLabel(day('2026-11-22', 1))).toBe('Sun 22 Nov: 1 word');
  });

  it('says how many the child graded alone (issue 36)', () => {
    expect(dayLabel(day('2026-11-23', 5, 2), 'her')).toBe('Mon 23 Nov: 5 words (2 on her own)');
    expect(dayLabel(day('2026-11-23', 3, 3))).toBe('Mon 23 Nov: 3 words (3 on their own)');
    expect(historySummary([day('2026-01-05', 4, 3)])).toBe(
      'Words reviewed in the last 1 day: 4 in total on 1 day, most on Mon, 05 Jan 2026 (4). 3 graded by the child alone.',
    );
  });

  it('says who graded where the child has more than one adult (issue 37)', () => {
    const dad3 = [{ name: 'Dad', count: 3 }];
    expect(dayLabel(day('2026-11-23', 3, 0, dad3))).toBe('Mon 23 Nov: 3 words (3 graded by Dad)');
    expect(
      dayLabel(
        day('2026-11-23', 6, 1, [
          { name: 'Dad', count: 3 },
          { name: 'Mum', count: 2 },
        ]),
        'her',
      ),
    ).toBe('Mon 23 Nov: 6 words (1 on her own) (3 graded by Dad, 2 by Mum)');
    const days = [
      day('2026-01-04', 3, 0, [{ name: 'Mum', count: 3 }]),
      day('2026-01-05', 4, 0, [
        { name: 'Dad', count: 3 },
        { name: 'Mum', count: 1 },
      ]),
    ];
    expect(historySummary(days)).toBe(
      'Words reviewed in the last 2 days: 7 in total on 2 days (4 graded by Mum, 3 by Dad), most on Mon, 05 Jan 2026 (4).',
    );
  });
});
