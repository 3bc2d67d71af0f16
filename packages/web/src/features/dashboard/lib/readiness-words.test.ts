import { describe, expect, it } from 'vitest';
import { readinessWords } from './readiness-words';

describe('the predicted score in words', () => {
  const today = '2030-01-07'; // a Monday
  const ready = { expectedCorrect: 8.4, wordCount: 10, atRisk: [] };
  it.each([
    ['2030-01-11', 'Likely 8 of 10 by Fri'],
    ['2030-01-08', 'Likely 8 of 10 by tomorrow'],
    ['2030-01-07', 'Likely 8 of 10 today'],
    ['2030-01-19', 'Likely 8 of 10 by Sat 19 Jan'],
    ['2030-01-01', 'Likely 8 of 10 if tested today'],
  ])('says a test on %s as %j', (testDate, words) => {
    expect(readinessWords(ready, 3, testDate, today)).toBe(words);
  });

  it('rounds to whole words and says nothing of a set never practised', () => {
    expect(readinessWords({ ...ready, expectedCorrect: 9.5 }, 10, '2030-01-11', today)).toBe(
      'Likely 10 of 10 by Fri',
    );
    expect(readinessWords({ expectedCorrect: 5, wordCount: 10, atRisk: [] }, 0, '2030-01-11', today)).toBe(
      'Not practised yet',
    );
  });
});
