import { describe, expect, it } from 'vitest';
import { firstTimeRightLabel, weekLabel, weeksSummary } from './weekly-words';

describe('weekly progress in words (issue 35)', () => {
  it('says the share right first time, and nothing for no words', () => {
    expect(firstTimeRightLabel(0, 0)).toBeNull();
    expect(firstTimeRightLabel(8, 6)).toBe('75% right first time');
  });

  it('sums the weeks in one line', () => {
    const weeks = [
      { weekStart: '2030-01-07', wordsPractised: 10, firstTimeRight: 7 },
      { weekStart: '2030-01-14', wordsPractised: 0, firstTimeRight: 0 },
    ];
    expect(weeksSummary(weeks)).toBe('10 words practised in 2 weeks · 70% right first time');
    expect(weeksSummary([{ weekStart: '2030-01-07', wordsPractised: 0, firstTimeRight: 0 }])).toBe(
      '0 words practised in 1 week',
    );
  });

  it('says each week in words', () => {
    expect(weekLabel({ weekStart: '2030-01-07', wordsPractised: 1, firstTimeRight: 0 })).toBe(
      'Week of 7 Jan: 1 word, 0 right first time',
    );
    expect(weekLabel({ weekStart: '2030-01-14', wordsPractised: 0, firstTimeRight: 0 })).toBe(
      'Week of 14 Jan: no practice',
    );
  });
});
