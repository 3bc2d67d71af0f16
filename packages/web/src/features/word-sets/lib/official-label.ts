import { formatOfficialDate, type OfficialWordSet } from '@spellwell/shared';

/** The dropdown's label for an official test: "dd/MM/yyyy - description - language". */
export function officialLabel(set: Pick<OfficialWordSet, 'testDate' | 'description' | 'language'>): string {
  return `${formatOfficialDate(set.testDate)} - ${set.description} - ${set.language}`;
}
