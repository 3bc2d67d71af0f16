import { describe, expect, it } from 'vitest';
import { childDueCount, dueLabel, nothingDueLabel, resumeLabel, testWhen } from './tonight';

describe("tonight's plan", () => {
  const today = '2030-01-07'; // a Monday
  it.each([
    ['2030-01-07', 'Test today'],
    ['2030-01-08', 'Test tomorrow'],
    ['2030-01-11', 'Test Fri, in 4 days'],
    ['2030-01-19', 'Test Sat 19 Jan, in 12 days'],
    ['2030-01-06', null],
  ])('says a test on %s as %j', (date, words) => {
    expect(testWhen(date, today)).toBe(words);
  });

  it('counts what is due now, leaving out tests already past', () => {
    expect(dueLabel(0)).toBe('Nothing due');
    expect(dueLabel(5)).toBe('5 due now');
    expect(
      childDueCount(
        [
          { dueCount: 3, testDate: '2030-01-07' },
          { dueCount: 2, testDate: '2030-02-01' },
          { dueCount: 9, testDate: '2030-01-01' },
        ],
        today,
      ),
    ).toBe(5);
  });

  it('says where a session stopped, and "Half done" only at half', () => {
    expect(resumeLabel(1, 10)).toBe('Stopped at 2 of 10');
    expect(resumeLabel(5, 10)).toBe('Half done');
    expect(resumeLabel(1, 3)).toBe('Stopped at 2 of 3');
    expect(resumeLabel(9, 10)).toBe('Stopped at 10 of 10');
  });

  it('reads nothing due and the prediction as one thought', () => {
    expect(nothingDueLabel('Likely 9 of 10 by Mon')).toBe('Nothing due tonight · likely 9 of 10 by Mon');
  });
});
