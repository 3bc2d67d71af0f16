import { useMutation } from '@tanstack/react-query';
import { apiFetch, toApiError } from '../../../lib/api-client';

export interface ExportFile {
  blob: Blob;
  filename: string;
}

function filenameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? `spellwell-export-${new Date().toISOString().slice(0, 10)}.json`;
}

/** `GET /account/export`: everything SpellWell holds about the parent, as a file. */
export async function exportAccount(): Promise<ExportFile> {
  const res = await apiFetch('/account/export');
  if (!res.ok) throw await toApiError(res);
  return { blob: await res.blob(), filename: filenameFrom(res.headers.get('content-disposition')) };
}

export function useExportAccount(options: { onSuccess: (file: ExportFile) => void }) {
  return useMutation({ mutationFn: exportAccount, onSuccess: options.onSuccess });
}
