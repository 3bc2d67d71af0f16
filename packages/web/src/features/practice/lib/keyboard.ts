import { GRADES, type Grade } from '@spellwell/shared';

/** What a key press asks the practice screen to do. */
export type PracticeCommand =
  | { type: 'grade'; grade: Grade }
  | { type: 'skip' }
  | { type: 'toggle-word' }
  | { type: 'play' }
  | { type: 'undo' };

/** The part of a KeyboardEvent the mapping needs, so it can be tested without a DOM event. */
export interface KeyInput {
  key: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

const KEYS: Record<string, PracticeCommand> = {
  '1': { type: 'grade', grade: GRADES.easy },
  '2': { type: 'grade', grade: GRADES.medium },
  '3': { type: 'grade', grade: GRADES.difficult },
  s: { type: 'skip' },
  ' ': { type: 'toggle-word' },
  p: { type: 'play' },
  u: { type: 'undo' },
};

function isTyping(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return (
    element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/**
 * 1 / 2 / 3 grade, S skips, Space shows or hides, P plays, U undoes the last grade. Ignored while typing, while a
 * dialog is open, with a modifier (so browser shortcuts keep working) and for held-down keys
 * (holding "1" must not grade a run of words).
 */
export function commandForKey(input: KeyInput, dialogOpen: boolean): PracticeCommand | null {
  if (dialogOpen || input.repeat || input.ctrlKey || input.metaKey || input.altKey) return null;
  if (isTyping(input.target)) return null;
  return KEYS[input.key.length === 1 ? input.key.toLowerCase() : input.key] ?? null;
}
