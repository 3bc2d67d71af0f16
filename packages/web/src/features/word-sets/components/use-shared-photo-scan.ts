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

/**
 * Add New Practice opened by a share (issue 23): the shared photo is scanned at once, by the
 * same path as a photo chosen in the picker. A scan needs the language; without one typed or
 * kept in the draft, the child's latest practice gives it, and failing that the parent is
 * asked and the photo waits until they choose. Returns what to tell the parent, if anything.
 */
export function useSharedPhotoScan(
  taken: SharedPhoto | null,
  form: UseFormReturn<CreateWordSetForm, unknown, CreateWordSet>,
  existing: readonly WordSetSummary[],
  scanFile: (file: File) => Promise<unknown>,
): string | null {
  const [waiting, setWaiting] = useState<File | null>(null);
  const scanned = useRef(false);
  const language = form.watch('language');

  useEffect(() => {
    if (taken && 'photo' in taken && !scanned.current) setWaiting(taken.photo);
  }, [taken]);

  useEffect(() => {
    if (!waiting || scanned.current) return;
    if (isLanguage(language)) {
      scanned.current = true;
      setWaiting(null);
      void scanFile(waiting);
      return;
    }
    const latest = languageForSharedPhoto(existing);
    if (latest) form.setValue('language', latest, { shouldDirty: true });
  }, [waiting, language, existing, form, scanFile]);

  if (taken && 'problem' in taken) {
    return taken.problem === 'expired'
      ? `The shared photo was not scanned: it was shared too long ago. ${AGAIN}`
      : `The shared photo could not be found: it may have been scanned already. ${AGAIN}`;
  }
  if (waiting && !isLanguage(language))
    return 'Choose the language of the shared photo: it is scanned as soon as you do.';
  return null;
}
