import { OfficialWordSetListSchema, type OfficialWordSet } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /official-wordset`: the schools' lists, upcoming tests first. */
export function getOfficialWordSets(): Promise<OfficialWordSet[]> {
  return api('/official-wordset', { schema: OfficialWordSetListSchema });
}

export function officialWordSetsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.officialWordSets(), queryFn: getOfficialWordSets });
}

export function useOfficialWordSets() {
  return useQuery(officialWordSetsQueryOptions());
}
