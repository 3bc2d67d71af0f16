import { SheetMarkingSchema, type SheetMarking } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface MarkSheetPhotoInput {
  childId: string;
  sheetId: string;
  file: File;
}

/** `POST /child/{childId}/printed-sheets/{sheetId}/marking` (multipart: file) → the marks, each with its crop. */
export function markSheetPhoto({ childId, sheetId, file }: MarkSheetPhotoInput): Promise<SheetMarking> {
  const form = new FormData();
  form.append('file', file);
  return api(`/child/${childId}/printed-sheets/${sheetId}/marking`, {
    method: 'POST',
    body: form,
    schema: SheetMarkingSchema,
  });
}

export function useMarkSheetPhoto() {
  return useMutation({ mutationFn: markSheetPhoto });
}
