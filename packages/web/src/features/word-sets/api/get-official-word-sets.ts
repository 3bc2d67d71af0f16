import { OfficialWordSetListSchema, type OfficialWordSet } from '@spellwell/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /official-wordset`: the schools' lists, upcoming tests first. */
export function getOfficialWordSets(): Promise<OfficialWordSet[]> {
  return api('/official-wordset', { schema: OfficialWordSetListSchema });
}

export const officialWordSetsQueryKey = ['official-word-sets'] as const;

export function officialWordSetsQueryOptions() {
  return queryOptions({ queryKey: officialWordSetsQueryKey, queryFn: getOfficialWordSets });
}

export function useOfficialWordSets() {
  return useQuery(officialWordSetsQueryOptions());
}
