import { useEffect, useState } from 'react';

type DefaultReading = (word: string) => string | null;

/**
 * The dictionary's default reading, loaded only when a Chinese list is on screen: pinyin-pro's
 * dictionary is large, and no other page or language needs it (a chunk of its own).
 * Null until it has loaded.
 */
export function useDefaultReading(active: boolean): DefaultReading | null {
  const [fn, setFn] = useState<{ read: DefaultReading } | null>(null);
  useEffect(() => {
    if (!active || fn) return;
    let live = true;
    void import('@spellwell/shared/reading/default').then(
      (module) => live && setFn({ read: module.defaultReading }),
      () => undefined, // offline: the preview shows the readings the server gave, or none
    );
    return () => {
      live = false;
    };
  }, [active, fn]);
  return fn?.read ?? null;
}
