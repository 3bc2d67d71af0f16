/** What MediaRecorder can make here, most preferred first: Opus (Chrome, Firefox), AAC (Safari). */
const MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
];

export const RECORDER_MESSAGES = {
  insecure: 'Recording needs a secure connection. Open SpellWell over https (or on this computer) to record.',
  unsupported: 'This browser cannot record audio. Try an up-to-date Chrome, Safari or Firefox.',
  noMicrophone: 'No microphone was found. Connect one and try again.',
  refused:
    'The microphone is blocked. Allow SpellWell to use the microphone in the browser’s settings, then try again.',
  failed: 'The microphone could not be started. Please try again.',
  saveFailed: 'The recording was not saved. Check the connection and try again.',
} as const;

/** The first type this browser records, or undefined to let it choose. */
export function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return undefined;
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Why recording is impossible before even asking, or null. */
export function recordingBlocker(): string | null {
  if (!window.isSecureContext) return RECORDER_MESSAGES.insecure;
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    return RECORDER_MESSAGES.unsupported;
  return null;
}

/** The sentence for a getUserMedia failure. */
export function microphoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return RECORDER_MESSAGES.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return RECORDER_MESSAGES.noMicrophone;
  return RECORDER_MESSAGES.failed;
}
