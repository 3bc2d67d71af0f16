import {
  isLanguage,
  type CreateWordSet,
  type CreateWordSetForm,
  type WordSetSummary,
} from '@spellwell/shared';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { languageForSharedPhoto } from '../lib/shared-photo-language';

/** A photo shared to SpellWell, taken from storage by the page (features/offline), or why not. */
export type SharedPhoto = { photo: File } | { problem: 'missing' | 'expired' };

const AGAIN = 'Share it again, or choose it with the scan link under Words.';

export interface SharedPhotoScan {
  /** What to tell the parent about a share that brought no photo, if anything. */
  notice: string | null;
  /** The shared photo, shown for the parent to scan or discard; null once they have. */
  waiting: File | null;
  /** The parent said scan it (the language is asked for first when there is none). */
  scan: () => void;
  discard: () => void;
}

/**
 * Add New Practice opened by a share (issue 23): the shared photo is shown, and scanned only
 * when the parent says so (issue 41: a photo the parent did not mean to share is never read),
 * by the same path as a photo chosen in the picker. A scan needs the language; without one
 * typed or kept in the draft, the child's latest practice gives it.
 */
export function useSharedPhotoScan(
  taken: SharedPhoto | null,
  form: UseFormReturn<CreateWordSetForm, unknown, CreateWordSet>,
  existing: readonly WordSetSummary[],
  scanFile: (file: File) => Promise<unknown>,
  canScan: () => boolean,
): SharedPhotoScan {
  const [waiting, setWaiting] = useState<File | null>(null);
  const shown = useRef(false);
  const language = form.watch('language');

  useEffect(() => {
    if (taken && 'photo' in taken && !shown.current) {
      shown.current = true;
      setWaiting(taken.photo);
    }
  }, [taken]);

  useEffect(() => {
    if (!waiting || isLanguage(language)) return;
    const latest = languageForSharedPhoto(existing);
    if (latest) form.setValue('language', latest, { shouldDirty: true });
  }, [waiting, language, existing, form]);

  let notice: string | null = null;
  if (taken && 'problem' in taken)
    notice =
      taken.problem === 'expired'
        ? `The shared photo was not scanned: it was shared too long ago. ${AGAIN}`
        : `The shared photo could not be found: it may have been scanned already. ${AGAIN}`;

  return {
    notice,
    waiting,
    scan() {
      if (!waiting || !canScan()) return;
      setWaiting(null);
      void scanFile(waiting);
    },
    discard: () => setWaiting(null),
  };
}
