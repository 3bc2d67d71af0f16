import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, daysBetween } from '../dates.js';
import { EASE_MAX, EASE_MIN, GRADES, type Grade } from './constants.js';
import { schedule } from './schedule.js';

const TODAY = '2025-01-01';
const FAR_TEST = '2025-03-01';
const { easy, medium, difficult } = GRADES;

describe('schedule: ease factor', () => {
  it.each([
    ['Easy adds 0.05', 2.0, easy, 2.05],
    ['Medium subtracts 0.02', 2.0, medium, 1.98],
    ['Difficult subtracts 0.1', 2.0, difficult, 1.9],
    ['Easy is clamped at 2.5', 2.5, easy, 2.5],
    ['Easy just under the top reaches 2.5 exactly', 2.47, easy, 2.5],
    ['Difficult is clamped at 1.3', 1.3, difficult, 1.3],
    ['Medium at the floor stays 1.3', 1.3, medium, 1.3],
    ['Difficult just above the floor stops at 1.3', 1.35, difficult, 1.3],
    ['Easy climbs from the floor', 1.3, easy, 1.35],
  ] as const)('%s', (_name, ease, grade, expected) => {
    expect(
      schedule({ easeFactor: ease, interval: 7, grade, today: TODAY, testDate: FAR_TEST }).easeFactor,
    ).toBe(expected);
  });
});

describe('schedule: interval', () => {
  // [current interval, current ease, grade, expected interval]
  it.each([
    [0, 2.5, easy, 1],
    [0, 2.5, medium, 1],
    [0, 2.5, difficult, 1],
    [1, 2.5, easy, 2],
    [1, 2.5, medium, 2],
    [1, 2.5, difficult, 2],
    [2, 2.5, easy, 6], // round(2 × 2.5 × 1.1 = 5.5) = 6: halves round up
    [2, 2.5, medium, 4], // round(2 × 2.48 × 0.8 = 3.968)
    [2, 2.5, difficult, 1],
    [7, 1.3, easy, 10], // round(7 × 1.35 × 1.1 = 10.395)
    [7, 1.3, medium, 7], // round(7 × 1.3 × 0.8 = 7.28)
    [7, 2.5, easy, 10], // 19.25, capped at 10
    [7, 2.5, medium, 10], // 13.888, capped
    [7, 2.5, difficult, 1],
    [10, 1.3, easy, 10], // 14.85, capped
    [10, 1.3, medium, 10], // round(10.4)
    [10, 1.5, medium, 10], // 11.84, capped
    [10, 2.5, difficult, 1],
    [3, 1.3, medium, 3], // round(3 × 1.3 × 0.8 = 3.12)
  ] as const)('interval %d, ease %d, grade %d → %d days', (interval, ease, grade, expected) => {
    const result = schedule({ easeFactor: ease, interval, grade, today: TODAY, testDate: FAR_TEST });
    expect(result.interval).toBe(expected);
    expect(result.nextReview).toBe(addDaysIso(TODAY, expected));
  });

  it('multiplies by the NEW ease factor, not the old one', () => {
    // new ease 2.05: round(2 × 2.05 × 1.1 = 4.51) = 5; the old ease 2.0 would give round(4.4) = 4
    expect(
      schedule({ easeFactor: 2.0, interval: 2, grade: easy, today: TODAY, testDate: FAR_TEST }).interval,
    ).toBe(5);
    // new ease 1.98: round(5 × 1.98 × 0.8 = 7.92) = 8; the old ease 2.0 gives 8 too, so also check a split case
    // new ease 1.4: round(5 × 1.4 × 0.8 = 5.6) = 6; the old ease 1.5 gives 6. With interval 3 and ease 1.55:
    // new 1.45 → round(3.48) = 3; old 1.55 → round(3.72) = 4
    expect(
      schedule({ easeFactor: 1.55, interval: 3, grade: difficult, today: TODAY, testDate: FAR_TEST })
        .interval,
    ).toBe(1);
    expect(
      schedule({ easeFactor: 1.47, interval: 3, grade: medium, today: TODAY, testDate: FAR_TEST }).interval,
    ).toBe(3);
  });

  it('rounds a floating-point half up: 3 × 1.5 × 1.1 is 4.95 and 5 × 1.35 × 0.8 is 5.4', () => {
    expect(
      schedule({ easeFactor: 1.45, interval: 3, grade: easy, today: TODAY, testDate: FAR_TEST }).interval,
    ).toBe(5);
    expect(
      schedule({ easeFactor: 1.37, interval: 5, grade: medium, today: TODAY, testDate: FAR_TEST }).interval,
    ).toBe(5);
  });
});

describe('schedule: test-date proximity', () => {
  // Easy at interval 7, ease 2.5 would be 10 days without the cap.
  it.each([
    [6, 10], // outside the 5-day window: no cap
    [5, 4], // max(1, 5 − 1)
    [2, 1], // max(1, 1)
    [1, 1], // max(1, 0)
    [0, 1], // test is today: max(1, −1)
    [-1, 10], // test has passed: no cap
  ])('test %d days away → %d days', (daysAway, expected) => {
    const testDate = addDaysIso(TODAY, daysAway);
    const result = schedule({ easeFactor: 2.5, interval: 7, grade: easy, today: TODAY, testDate });
    expect(result.interval).toBe(expected);
    expect(result.nextReview).toBe(addDaysIso(TODAY, expected));
  });

  it('never lengthens a short interval', () => {
    const testDate = addDaysIso(TODAY, 5);
    expect(schedule({ easeFactor: 2.5, interval: 0, grade: easy, today: TODAY, testDate }).interval).toBe(1);
    expect(schedule({ easeFactor: 2.5, interval: 1, grade: easy, today: TODAY, testDate }).interval).toBe(2);
  });

  it('counts calendar days across a month end', () => {
    const result = schedule({
      easeFactor: 2.5,
      interval: 7,
      grade: easy,
      today: '2025-01-30',
      testDate: '2025-02-03',
    });
    expect(result.interval).toBe(3);
    expect(result.nextReview).toBe('2025-02-02');
  });
});

describe('schedule: properties', () => {
  const grade = fc.constantFrom<Grade>(easy, medium, difficult);
  const state = fc.record({
    easeFactor: fc.double({ min: EASE_MIN, max: EASE_MAX, noNaN: true }),
    interval: fc.integer({ min: 0, max: 10 }),
    grade,
    offset: fc.integer({ min: -30, max: 30 }),
  });

  it('keeps ease within 1.3..2.5, interval within 1..10 and next review after today', () => {
    fc.assert(
      fc.property(state, ({ easeFactor, interval, grade, offset }) => {
        const result = schedule({
          easeFactor,
          interval,
          grade,
          today: TODAY,
          testDate: addDaysIso(TODAY, offset),
        });
        expect(result.easeFactor).toBeGreaterThanOrEqual(EASE_MIN);
        expect(result.easeFactor).toBeLessThanOrEqual(EASE_MAX);
        expect(result.interval).toBeGreaterThanOrEqual(1);
        expect(result.interval).toBeLessThanOrEqual(10);
        expect(daysBetween(TODAY, result.nextReview)).toBe(result.interval);
      }),
      { numRuns: 2000 },
    );
  });

  it('reviews before the test whenever the test is 2 to 5 days away', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 2, max: 5 }), ({ easeFactor, interval, grade }, daysAway) => {
        const testDate = addDaysIso(TODAY, daysAway);
        const result = schedule({ easeFactor, interval, grade, today: TODAY, testDate });
        expect(result.nextReview < testDate).toBe(true);
      }),
    );
  });
});
