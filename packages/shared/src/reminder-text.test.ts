import { describe, expect, it } from 'vitest';
import { reminderText, type ReminderChild } from './reminder-text.js';

// 2026-11-24 is a Tuesday: Friday the 27th is three days on.
const TODAY = '2026-11-24';
const mei: ReminderChild = {
  id: 'a',
  name: 'Mei',
  due: 6,
  tests: [{ description: '听写 5', testDate: '2026-11-27', expectedCorrect: 7.8, wordCount: 10 }],
};
const arun: ReminderChild = { id: 'b', name: 'Arun', due: 3, tests: [] };

describe('reminderText', () => {
  it.each<[string, ReminderChild[], string | null]>([
    [
      'the issue’s example',
      [mei, arun],
      'Tonight: Mei 6 words (听写 5 on Fri, likely 7–9 of 10) · Arun 3 words',
    ],
    ['one word', [{ ...arun, due: 1 }], 'Tonight: Arun 1 word'],
    ['nothing due, no test near: no reminder', [{ ...arun, due: 0 }], null],
    [
      'a test tomorrow with nothing due still reminds',
      [{ ...mei, due: 0, tests: [{ ...mei.tests[0]!, testDate: '2026-11-25' }] }],
      'Tonight: Mei 0 words (听写 5 tomorrow, likely 7–9 of 10)',
    ],
    [
      'a test four days away is not mentioned',
      [
        {
          ...mei,
          tests: [
            { ...mei.tests[0]!, testDate: '2026-11-27' },
            { ...mei.tests[0]!, testDate: '2026-11-28' },
          ],
        },
      ],
      'Tonight: Mei 6 words (听写 5 on Fri, likely 7–9 of 10)',
    ],
    [
      'a past test is not mentioned; the range stays within the list',
      [
        {
          ...mei,
          tests: [
            { ...mei.tests[0]!, testDate: '2026-11-23' },
            { description: 'Week 3', testDate: TODAY, expectedCorrect: 9.9, wordCount: 10 },
          ],
        },
      ],
      'Tonight: Mei 6 words (Week 3 today, likely 9–10 of 10)',
    ],
    ['no children', [], null],
  ])('%s', (_name, children, expected) => {
    expect(reminderText(children, TODAY)).toBe(expected);
  });
});
