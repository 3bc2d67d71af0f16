import { describe, expect, it } from 'vitest';
import { readinessAssumption, readinessWords } from './readiness-words';

describe('the predicted score in words', () => {
  const today = '2030-01-07'; // a Monday
  const ready = { expectedCorrect: 8.4, wordCount: 10, atRisk: [], range: { low: 7, high: 9 } };
  it.each([
    ['2030-01-11', 'Likely 7–9 of 10 by Fri'],
    ['2030-01-08', 'Likely 7–9 of 10 by tomorrow'],
    ['2030-01-07', 'Likely 7–9 of 10 today'],
    ['2030-01-19', 'Likely 7–9 of 10 by Sat 19 Jan'],
    ['2030-01-01', 'Likely 7–9 of 10 if tested today'],
  ])('says a test on %s as %j', (testDate, words) => {
    expect(readinessWords(ready, 3, testDate, today)).toBe(words);
  });

  it('says one number when the range is one word, and nothing of a set never practised', () => {
    expect(
      readinessWords(
        { ...ready, expectedCorrect: 9.6, range: { low: 10, high: 10 } },
        10,
        '2030-01-11',
        today,
      ),
    ).toBe('Likely 10 of 10 by Fri');
    expect(
      readinessWords(
        { expectedCorrect: 5, wordCount: 10, atRisk: [], range: { low: 3, high: 7 } },
        0,
        '2030-01-11',
        today,
      ),
    ).toBe('Not practised yet');
  });

  it('says the prediction counts the practice to come, only while there is some', () => {
    expect(readinessAssumption(3, '2030-01-11', today)).toBe('if practice goes on as planned');
    expect(readinessAssumption(3, '2030-01-09', today)).toBe('if practice goes on as planned');
    // The evening before, the test day, after it, and before any practice: nothing assumed.
    for (const testDate of ['2030-01-08', '2030-01-07', '2030-01-01'])
      expect(readinessAssumption(3, testDate, today)).toBeNull();
    expect(readinessAssumption(0, '2030-01-11', today)).toBeNull();
  });
});
