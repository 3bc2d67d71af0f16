import { z } from 'zod';

/**
 * How Play Word (and dictation) speaks, per child (issue 22): the speed the word is
 * synthesised at (slow is made slowly, not played back slowly) and whether each word is said
 * twice with a short pause.
 */
export const SPEECH_SPEEDS = ['normal', 'slow'] as const;
export const SpeechSpeedSchema = z.enum(SPEECH_SPEEDS);
export type SpeechSpeed = z.infer<typeof SpeechSpeedSchema>;

export const SpeakingSettingsSchema = z.object({
  speed: SpeechSpeedSchema,
  twice: z.boolean(),
});
export type SpeakingSettings = z.infer<typeof SpeakingSettingsSchema>;
export const DEFAULT_SPEAKING_SETTINGS: SpeakingSettings = { speed: 'normal', twice: false };

/** The pause between the two sayings of a word said twice. */
export const SAY_TWICE_PAUSE_MS = 700;
