import type { OfficialWordSet } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { groupBySchool } from './official-groups';

const set = (id: string, school: string, testDate: string): OfficialWordSet => ({
  id,
  school,
  testDate,
  description: id,
  language: 'English',
  words: ['a'],
});

describe('official tests grouped by school', () => {
  it('groups by school, soonest school and soonest test first, past tests left out', () => {
    const groups = groupBySchool(
      [
        set('r2', 'Rosyth', '2026-12-10'),
        set('n1', 'Nanyang', '2026-11-30'),
        set('r1', 'Rosyth', '2026-11-25'),
        set('old', 'Nanyang', '2026-11-01'),
        set('n2', 'Nanyang', '2026-11-23'),
      ],
      '2026-11-23',
    );
    expect(groups.map((g) => [g.school, g.sets.map((s) => s.id)])).toEqual([
      ['Nanyang', ['n2', 'n1']],
      ['Rosyth', ['r1', 'r2']],
    ]);
  });

  it('has no group for a school whose tests are all past', () => {
    expect(groupBySchool([set('old', 'Rosyth', '2026-01-01')], '2026-11-23')).toEqual([]);
  });
});
