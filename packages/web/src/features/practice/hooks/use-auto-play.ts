import { useCallback, useState } from 'react';

const key = (childId: string) => `spellwell:auto-play:${childId}`;

function read(childId: string): boolean {
  try {
    return localStorage.getItem(key(childId)) === 'on';
  } catch {
    return false;
  }
}

/**
 * "Play each word automatically", remembered per child in this browser: one child may want
 * every word read out, another may read it from the parent's lips.
 */
export function useAutoPlay(childId: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(childId));
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      try {
        if (value) localStorage.setItem(key(childId), 'on');
        else localStorage.removeItem(key(childId));
      } catch {
        // storage blocked: the choice lasts for this page
      }
    },
    [childId],
  );
  return [on, set];
}
