import { describe, expect, it } from 'vitest';
import { localDate } from './dates.js';

const at = (iso: string) => new Date(iso);

describe('localDate', () => {
  it.each([
    ['Asia/Singapore', '2026-11-22T15:59:59.999Z', '2026-11-22'],
    ['Asia/Singapore', '2026-11-22T16:00:00.000Z', '2026-11-23'],
    // Half-hour and quarter-hour offsets: the day still turns on a minute.
    ['Asia/Kolkata', '2026-11-22T18:29:59.999Z', '2026-11-22'],
    ['Asia/Kolkata', '2026-11-22T18:30:00.000Z', '2026-11-23'],
    ['Asia/Kathmandu', '2026-11-22T18:14:59.999Z', '2026-11-22'],
    ['Asia/Kathmandu', '2026-11-22T18:15:00.000Z', '2026-11-23'],
    ['America/New_York', '2026-11-23T04:59:00.000Z', '2026-11-22'],
    ['America/New_York', '2026-11-23T05:00:00.000Z', '2026-11-23'],
  ])('in %s at %s it is %s', (zone, instant, expected) => {
    expect(localDate(zone, at(instant))).toBe(expected);
  });

  it('answers each time zone for itself, in any order of asking', () => {
    const instant = at('2026-11-22T20:00:00Z');
    const zones = ['Asia/Singapore', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles'];
    const first = zones.map((z) => localDate(z, instant));
    expect(first).toEqual(['2026-11-23', '2026-11-22', '2026-11-23', '2026-11-22']);
    expect([...zones].reverse().map((z) => localDate(z, instant))).toEqual([...first].reverse());
  });

  it('moves on when the minute does, forwards or back', () => {
    expect(localDate('Asia/Singapore', at('2026-11-22T15:59:30Z'))).toBe('2026-11-22');
    expect(localDate('Asia/Singapore', at('2026-11-22T16:00:30Z'))).toBe('2026-11-23');
    expect(localDate('Asia/Singapore', at('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
  });
});
