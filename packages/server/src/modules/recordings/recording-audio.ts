import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import {
  RECORDING_MAX_BYTES,
  RECORDING_MAX_SECONDS,
  RECORDING_MESSAGES,
  type RecordingContentType,
} from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { DamagedWebmError, webmLastBlockSeconds } from './webm-timeline.js';

export interface CheckedRecording {
  contentType: RecordingContentType;
  durationMs: number;
  etag: string;
}

/**
 * The container, from the bytes themselves (never the declared Content-Type): the three that
 * browsers' MediaRecorder makes. WebM is Matroska with a narrower codec list; both start with
 * the EBML magic number and play as audio/webm.
 */
function sniff(bytes: Uint8Array): RecordingContentType | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  return null;
}

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/**
 * Checks an uploaded recording offline: one of the accepted containers, whole, with sound, and
 * at most RECORDING_MAX_SECONDS long (read from the container: music-metadata, and for live
 * WebM the last block's time). Throws a 4xx HttpError saying what is wrong.
 */
export async function checkRecording(bytes: Uint8Array): Promise<CheckedRecording> {
  if (bytes.length === 0) throw refuse(400, 'recording_empty', RECORDING_MESSAGES.empty);
  if (bytes.length > RECORDING_MAX_BYTES)
    throw refuse(413, 'recording_too_large', RECORDING_MESSAGES.tooLarge);
  const contentType = sniff(bytes);
  if (!contentType) throw refuse(415, 'not_a_recording', RECORDING_MESSAGES.notARecording);
  const damaged = () => refuse(422, 'recording_damaged', RECORDING_MESSAGES.damaged);

  let seconds: number | undefined;
  let codec: string | undefined;
  try {
    const { format } = await parseBuffer(
      bytes,
      { mimeType: contentType, size: bytes.length },
      { duration: true, skipCovers: true },
    );
    seconds = format.duration;
    codec = format.codec;
    if (contentType === 'audio/webm') seconds = Math.max(seconds ?? 0, webmLastBlockSeconds(bytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof DamagedWebmError || error instanceof Error) throw damaged();
    throw error;
  }
  // No sound track, or a length that is not there (an Ogg cut inside its first pages).
  if (!codec || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw damaged();
  if (seconds > RECORDING_MAX_SECONDS) throw refuse(422, 'recording_too_long', RECORDING_MESSAGES.tooLong);

  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { contentType, durationMs: Math.round(seconds * 1000), etag };
}
