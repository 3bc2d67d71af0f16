import type { WordInSet } from '@spellwell/shared';
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
