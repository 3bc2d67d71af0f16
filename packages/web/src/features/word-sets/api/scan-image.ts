import { OcrResultSchema, type Language, type OcrResult } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ScanImageInput {
  file: File;
  parentId: string;
  language: Language;
}

/** `POST /official-wordset/ocr` (multipart: file, parentId, language) → `{text}`, words one per line. */
export function scanImage({ file, parentId, language }: ScanImageInput): Promise<OcrResult> {
  const form = new FormData();
  // Text fields first: a streaming multipart parser sees them before the (large) file.
  form.append('parentId', parentId);
  form.append('language', language);
  form.append('file', file);
  return api('/official-wordset/ocr', { method: 'POST', body: form, schema: OcrResultSchema });
}

export function useScanImage() {
  return useMutation({ mutationFn: scanImage });
}
