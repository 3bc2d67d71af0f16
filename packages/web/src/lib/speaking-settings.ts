import { DEFAULT_SPEAKING_SETTINGS, SpeakingSettingsSchema, type SpeakingSettings } from '@spellwell/shared';
import { useCallback, useState } from 'react';

/*
 * How Play Word speaks for a child (issue 22): slow or normal speed, and each word said twice.
 * Remembered per child in this browser, like "Play each word automatically"
 * (features/practice/hooks/use-auto-play.ts). Here in lib, not in a feature, so practice and
 * dictation both read the same choice.
 */

const key = (childId: string) => `spellwell:speaking:${childId}`;

export function readSpeakingSettings(childId: string): SpeakingSettings {
  try {
    const stored = localStorage.getItem(key(childId));
    const parsed = stored ? SpeakingSettingsSchema.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : DEFAULT_SPEAKING_SETTINGS;
  } catch {
    return DEFAULT_SPEAKING_SETTINGS;
  }
}

export function useSpeakingSettings(
  childId: string,
): [SpeakingSettings, (change: Partial<SpeakingSettings>) => void] {
  const [settings, setSettings] = useState(() => readSpeakingSettings(childId));
  const update = useCallback(
    (change: Partial<SpeakingSettings>) => {
      setSettings((old) => {
        const next = { ...old, ...change };
        try {
          localStorage.setItem(key(childId), JSON.stringify(next));
        } catch {
          // storage blocked: the choice lasts for this page
        }
        return next;
      });
    },
    [childId],
  );
  return [settings, update];
}
