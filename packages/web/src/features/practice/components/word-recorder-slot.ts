import { roleCan, type ChildRole, type WordInSet } from '@spellwell/shared';
import { createContext, type ComponentType } from 'react';

export interface WordRecorderSlotProps {
  childId: string;
  wordSetId: string;
  word: WordInSet;
}

/**
 * A "Record" control for each word of the Word List (issue 22): the route composes it from
 * the recordings feature (features do not import each other). Nothing when not provided.
 */
export const WordRecorderSlot = createContext<ComponentType<WordRecorderSlotProps> | null>(null);

/**
 * The recorder the route plugs in, for an adult whose role may change the child's recordings:
 * a tutor, whom the server refuses (403), sees none (issue 37). Nothing while the child, and so
 * the role, is unknown (a kid's own device, or before the account has loaded).
 */
export function recorderForRole(
  role: ChildRole | undefined,
  recorder: ComponentType<WordRecorderSlotProps>,
): ComponentType<WordRecorderSlotProps> | null {
  return role !== undefined && roleCan(role, 'edit') ? recorder : null;
}
