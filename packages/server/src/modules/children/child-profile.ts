import {
  CHILD_PRONOUNS,
  isLanguage,
  resolveChildColours,
  type ChildLevel,
  type ChildPronoun,
  type ChildSummary,
  type CreateChild,
} from '@spellwell/shared';

/** A child's row as the profile needs it. */
export interface ChildProfileRow {
  id: string;
  name: string;
  languages: string | null;
  school: string | null;
  level: string | null;
  colour: string | null;
  pronoun: string | null;
}

/** The columns a child's profile is read from, for `.select()`. */
export const PROFILE_COLUMNS = ['languages', 'school', 'level', 'colour', 'pronoun'] as const;

/** The stored form of what a create or an edit sent: only the fields it gave. */
export function storedProfile(body: Omit<CreateChild, 'childName'>) {
  return {
    ...(body.languages !== undefined
      ? { languages: body.languages.length > 0 ? body.languages.join(',') : null }
      : {}),
    ...(body.school !== undefined ? { school: body.school ? body.school : null } : {}),
    ...(body.level !== undefined ? { level: body.level } : {}),
    ...(body.colour !== undefined ? { colour: body.colour } : {}),
    ...(body.pronoun !== undefined ? { pronoun: body.pronoun } : {}),
  };
}

/** Children in the order they were added, as the API answers them, each with a colour. */
export function childSummaries(rows: readonly ChildProfileRow[]): ChildSummary[] {
  const colours = resolveChildColours(rows.map((row) => row.colour));
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    languages: (row.languages ?? '').split(',').filter(isLanguage),
    school: row.school,
    level: row.level as ChildLevel | null,
    colour: colours[i]!,
    pronoun: (CHILD_PRONOUNS as readonly (string | null)[]).includes(row.pronoun)
      ? (row.pronoun as ChildPronoun)
      : 'their',
  }));
}
