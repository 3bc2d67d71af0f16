import { format, parse } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isIsoDate, localDate, parseIsoDate } from './dates.js';

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

describe('parseIsoDate', () => {
  it('gives the local midnight the strict yyyy-MM-dd parser gives, for every valid date', () => {
    const day = fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 11, 31), noInvalidDate: true });
    fc.assert(
      fc.property(day, (date) => {
        const iso = format(date, 'yyyy-MM-dd');
        expect(parseIsoDate(iso).getTime()).toBe(parse(iso, 'yyyy-MM-dd', new Date(2000, 0, 1)).getTime());
      }),
    );
  });

  it('is only given dates isIsoDate accepted, and isIsoDate refuses what parseISO would take', () => {
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['Asia/Singapore', 'Asia/Singapore'],
    ['aSIA/sINGAPORE', 'Asia/Singapore'],
    ['utc', 'UTC'],
    ['america/argentina/comodrivadavia', 'America/Catamarca'],
    ['Mars/Olympus_Mons', null],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(canonicalTimeZone(value)).toBe(expected);
  });
});
