import type { CreateWordSet, CreateWordSetForm } from '@spellwell/shared';
import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

const key = (childId: string) => `spellwell:add-practice-draft:${childId}`;
const FIELDS = ['testDate', 'description', 'language', 'words'] as const;

function read(childId: string): CreateWordSetForm | null {
  try {
    const raw = localStorage.getItem(key(childId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const draft = {
      ...Object.fromEntries(FIELDS.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : ''])),
      // On unless the draft says off (a draft from before issue 35 has no value).
      planForTestDate: parsed.planForTestDate !== false,
    } as CreateWordSetForm;
    return FIELDS.some((f) => draft[f] !== '') ? draft : null;
  } catch {
    return null;
  }
}

/**
 * Add New Practice's typed values, kept in this browser per child until they are saved or
 * discarded: Back, the close button, a reload or a dropped tab lose nothing (issue 17 item 7).
 */
export function usePracticeDraft(
  form: UseFormReturn<CreateWordSetForm, unknown, CreateWordSet>,
  childId: string,
) {
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const draft = read(childId);
    if (draft) {
      form.reset(draft, { keepDefaultValues: true });
      setRestored(true);
    }
    const subscription = form.watch((values) => {
      try {
        const draft = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? '']));
        if (FIELDS.some((f) => draft[f] !== ''))
          localStorage.setItem(
            key(childId),
            JSON.stringify({ ...draft, planForTestDate: values.planForTestDate !== false }),
          );
        else localStorage.removeItem(key(childId));
      } catch {
        // storage full or blocked: the form still works, only without a draft
      }
    });
    return () => subscription.unsubscribe();
  }, [form, childId]);

  const discard = useCallback(() => {
    try {
      localStorage.removeItem(key(childId));
    } catch {
      // nothing kept
    }
    setRestored(false);
  }, [childId]);

  return { restored, discard };
}
