import type { CreateWordSet } from '@spellwell/shared';
import { useRef, useState } from 'react';
import { useCreateOfficialWordSet } from '../api/create-official-word-set';
import { useCreateWordSet } from '../api/create-word-set';

export type SaveTarget = 'child' | 'both';

/**
 * "Save Practice" and the admin's "Save Practice + Official": the child's copy first, then on
 * success the official one. If only the official half failed, a retry of the same values does
 * not add the child's copy a second time.
 */
export function useSavePractice(childId: string) {
  const createWordSet = useCreateWordSet(childId);
  const createOfficial = useCreateOfficialWordSet();
  const savedForChild = useRef<string | null>(null);
  const [saving, setSaving] = useState<SaveTarget | null>(null);
  const [saved, setSaved] = useState<SaveTarget | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** `school`: the admin's School field, for the official copy only (blank: the default). */
  async function save(values: CreateWordSet, target: SaveTarget, school = '') {
    const key = JSON.stringify(values);
    setSaving(target);
    setError(null);
    try {
      if (savedForChild.current !== key) {
        await createWordSet.mutateAsync(values);
        savedForChild.current = key;
      }
      if (target === 'both') {
        try {
          await createOfficial.mutateAsync(school.trim() ? { ...values, school } : values);
        } catch (cause) {
          throw new Error(
            `The practice was added for your child, but not to the official lists: ${messageOf(cause)}`,
            {
              cause,
            },
          );
        }
      }
      setSaved(target);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setSaving(null);
    }
  }

  function reset() {
    savedForChild.current = null;
    setSaved(null);
    setError(null);
  }

  return { save, saving, saved, error, reset };
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'Something went wrong. Please try again.';
}
