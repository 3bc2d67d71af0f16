import type { OfficialWordSet } from '@spellwell/shared';

export interface SchoolGroup {
  school: string;
  sets: OfficialWordSet[];
}

/**
 * The dropdown's groups: one per school, the school with the soonest test first, each school's
 * tests soonest first (the server's order). Tests already past are left out here too, for a
 * page left open over midnight.
 */
export function groupBySchool(sets: readonly OfficialWordSet[], today: string): SchoolGroup[] {
  const groups = new Map<string, OfficialWordSet[]>();
  for (const set of sets) {
    if (set.testDate < today) continue;
    const group = groups.get(set.school);
    if (group) group.push(set);
    else groups.set(set.school, [set]);
  }
  return [...groups]
    .map(([school, list]) => ({
      school,
      sets: [...list].sort((a, b) => (a.testDate < b.testDate ? -1 : a.testDate > b.testDate ? 1 : 0)),
    }))
    .sort((a, b) =>
      a.sets[0]!.testDate < b.sets[0]!.testDate
        ? -1
        : a.sets[0]!.testDate > b.sets[0]!.testDate
          ? 1
          : a.school.localeCompare(b.school),
    );
}
