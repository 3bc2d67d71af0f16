/**
 * The language a shared photo is scanned in when the form has none yet: that of the child's
 * practice with the latest test date (a family's lists are nearly always in one language).
 */
export function languageForSharedPhoto<L extends string>(
  practices: readonly { testDate: string; language: L }[],
): L | null {
  let latest: { testDate: string; language: L } | null = null;
  for (const practice of practices) if (!latest || practice.testDate > latest.testDate) latest = practice;
  return latest?.language ?? null;
}
