import { PrintedSheetSchema, type PrintedSheet } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/*
 * Printed sheets (issue 20) are read by two features: print draws them, dictation grades them
 * from the QR code. Features do not import each other, so the calls live here.
 */

/** `POST /child/{childId}/printed-sheets`: one set's words, or (no set) today's due words. */
export function createPrintedSheet(childId: string, wordSetId: string | undefined): Promise<PrintedSheet> {
  return api(`/child/${childId}/printed-sheets`, {
    method: 'POST',
    body: wordSetId ? { wordSetId } : {},
    schema: PrintedSheetSchema,
  });
}

/** `GET /child/{childId}/printed-sheets/{sheetId}`: the words as they are now. */
export function usePrintedSheet(childId: string, sheetId: string) {
  return useQuery({
    queryKey: queryKeys.printedSheet(childId, sheetId),
    queryFn: () => api(`/child/${childId}/printed-sheets/${sheetId}`, { schema: PrintedSheetSchema }),
    // A grading sheet opened from the QR code must show the set as it is now.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
