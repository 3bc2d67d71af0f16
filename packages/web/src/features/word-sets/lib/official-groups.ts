import type { Language, OfficialWordSet } from '@spellwell/shared';

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

/** What of a child decides which official lists are theirs (issue 35 item 7). */
export interface OfficialFilter {
  school: string | null;
  languages: readonly Language[];
}

const schoolKey = (school: string) => school.trim().toLowerCase().replace(/\s+/g, ' ');

/** A typed school matches a list's school when either holds the other ("Rosyth" and "Rosyth School"). */
function sameSchool(child: string, list: string): boolean {
  const a = schoolKey(child);
  const b = schoolKey(list);
  return a !== '' && (a.includes(b) || b.includes(a));
}

/**
 * The official lists split into the child's (their school, their languages) and the rest,
 * offered behind "Other schools". A child with neither set sees every list as theirs.
 */
export function splitForChild(
  sets: readonly OfficialWordSet[],
  filter: OfficialFilter | undefined,
): { mine: OfficialWordSet[]; others: OfficialWordSet[] } {
  const school = filter?.school?.trim() ? filter.school : null;
  const languages = filter?.languages ?? [];
  if (!school && languages.length === 0) return { mine: [...sets], others: [] };
  const mine: OfficialWordSet[] = [];
  const others: OfficialWordSet[] = [];
  for (const set of sets) {
    const ours =
      (school === null || sameSchool(school, set.school)) &&
      (languages.length === 0 || languages.includes(set.language));
    (ours ? mine : others).push(set);
  }
  return { mine, others };
}
