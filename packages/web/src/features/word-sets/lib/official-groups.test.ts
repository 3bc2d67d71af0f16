import type { OfficialWordSet } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { groupBySchool, splitForChild } from './official-groups';

const set = (
  id: string,
  school: string,
  testDate: string,
  language: OfficialWordSet['language'] = 'English',
): OfficialWordSet => ({
  id,
  school,
  testDate,
  description: id,
  language,
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

describe("official tests for a child's school and languages (issue 35)", () => {
  const lists = [
    set('re', 'Rosyth School', '2026-12-01'),
    set('rc', 'Rosyth School', '2026-12-01', 'Chinese'),
    set('rt', 'Rosyth School', '2026-12-01', 'Tamil'),
    set('ne', 'Nanyang Primary', '2026-12-01'),
  ];
  const ids = (list: OfficialWordSet[]) => list.map((s) => s.id);

  it.each([
    ['no school, no languages: every list', { school: null, languages: [] }, ['re', 'rc', 'rt', 'ne'], []],
    [
      'school and languages',
      { school: 'Rosyth School', languages: ['English', 'Chinese'] },
      ['re', 'rc'],
      ['rt', 'ne'],
    ],
    ['a school typed short, any case', { school: ' rosyth ', languages: [] }, ['re', 'rc', 'rt'], ['ne']],
    ['languages only', { school: null, languages: ['Tamil'] }, ['rt'], ['re', 'rc', 'ne']],
    ['a blank school is no school', { school: '  ', languages: [] }, ['re', 'rc', 'rt', 'ne'], []],
  ] as const)('%s', (_, filter, mine, others) => {
    const split = splitForChild(lists, { school: filter.school, languages: [...filter.languages] });
    expect(ids(split.mine)).toEqual(mine);
    expect(ids(split.others)).toEqual(others);
  });
});
