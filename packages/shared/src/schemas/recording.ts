import { z } from 'zod';

/** A parent's recording of one word: at most this long and this large (issue 22). */
export const RECORDING_MAX_SECONDS = 10;
export const RECORDING_MAX_BYTES = 256 * 1024;

/** The containers browsers' MediaRecorder makes, as they are served back. */
export const RECORDING_CONTENT_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type RecordingContentType = (typeof RECORDING_CONTENT_TYPES)[number];

/** What `PUT /words/recording/{childId}/{wordId}` answers when it refuses a body. */
export const RECORDING_MESSAGES = {
  notARecording: 'This is not a recording SpellWell can keep. Record in WebM, Ogg or MP4 audio.',
  damaged: 'This recording is damaged or cut short. Please record the word again.',
  tooLong: `A recording can be at most ${RECORDING_MAX_SECONDS} seconds long.`,
  tooLarge: `A recording can be at most ${RECORDING_MAX_BYTES / 1024} KB.`,
  empty: 'The recording is empty. Please record the word again.',
} as const;

/** `PUT` answers what was kept. */
export const RecordingSchema = z.object({
  contentType: z.enum(RECORDING_CONTENT_TYPES),
  bytes: z.number().int(),
  durationMs: z.number().int(),
  etag: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;
