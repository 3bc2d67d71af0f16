import { RECORDING_MAX_SECONDS } from '@spellwell/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { microphoneError, pickMimeType, recordingBlocker } from '../lib/recorder-support';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'recorded';

/** Stops a little before the server's limit, so a take is never refused for its length. */
const AUTO_STOP_MS = (RECORDING_MAX_SECONDS - 0.5) * 1000;

/**
 * One take at a time with MediaRecorder: start, stop, hear it back (`takeUrl`), then keep or
 * redo. The microphone is released as soon as a take ends, and on unmount.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [take, setTake] = useState<{ blob: Blob; url: string } | null>(null);
  // The microphone while a take is being recorded, for the level meter.
  const [stream, setStream] = useState<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const release = useCallback(() => {
    clearTimeout(timer.current);
    setStream(null);
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
  }, []);

  const reset = useCallback(() => {
    setTake((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return null;
    });
    setError(null);
    setState('idle');
  }, []);

  const start = useCallback(async () => {
    reset();
    const blocked = recordingBlocker();
    if (blocked) return setError(blocked);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (cause) {
      setState('idle');
      return setError(microphoneError(cause));
    }
    const mimeType = pickMimeType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      release();
      const blob = new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' });
      setTake({ blob, url: URL.createObjectURL(blob) });
      setState('recorded');
    };
    recorder.current = media;
    media.start();
    setStream(stream);
    setState('recording');
    timer.current = setTimeout(() => media.state === 'recording' && media.stop(), AUTO_STOP_MS);
  }, [release, reset]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  // Leaving the page mid-take: drop the take and free the microphone.
  useEffect(
    () => () => {
      const media = recorder.current;
      if (media?.state === 'recording') {
        media.onstop = null;
        media.stop();
      }
      release();
    },
    [release],
  );
  useEffect(() => () => void (take && URL.revokeObjectURL(take.url)), [take]);

  return { state, error, take, stream, start, stop, reset };
}
