import { SAY_TWICE_PAUSE_MS, type Language, type SpeechSpeed } from '@spellwell/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readWordRecording } from '../../../api/word-recording';
import { readWord } from '../api/read-word';

export type AudioStatus = 'idle' | 'reading' | 'failed';

/** The parent's own recording of the word (issue 22), played instead of the synthesised voice. */
export interface RecordingSource {
  childId: string;
  wordId: string;
}

/** How to say a word: the parent's recording if any, the speed, and whether to say it twice. */
export interface PlayOptions {
  recording?: RecordingSource;
  speed?: SpeechSpeed;
  twice?: boolean;
  /** A Chinese word's reading (issue 21), said instead of the characters. */
  reading?: string | null;
}

const cacheKey = (word: string, language: Language, { recording, speed = 'normal', reading }: PlayOptions) =>
  recording
    ? `recording\u0000${recording.wordId}`
    : `${language}\u0000${speed}\u0000${word}\u0000${reading ?? ''}`;

/**
 * Speaks words through one <audio> element. Blobs are cached in memory by word and language,
 * so a prefetched next word plays at once; one object URL is alive at a time and is revoked
 * when replaced or when the page closes.
 */
export function useWordAudio() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const cache = useRef(new Map<string, Promise<Blob>>());
  const source = useRef<{ key: string; url: string } | null>(null);
  // Each play gets a ticket; an answer that arrives after the parent moved on is ignored.
  const ticket = useRef(0);
  const [status, setStatus] = useState<AudioStatus>('idle');

  const load = useCallback((word: string, language: Language, options: PlayOptions) => {
    const key = cacheKey(word, language, options);
    let blob = cache.current.get(key);
    if (!blob) {
      const { recording } = options;
      blob = recording
        ? readWordRecording(recording.childId, recording.wordId)
        : readWord(word, language, options.speed, options.reading);
      cache.current.set(key, blob);
      // A failure is not cached: pressing Play again asks the server again.
      blob.catch(() => cache.current.delete(key));
    }
    return blob;
  }, []);

  const prefetch = useCallback(
    (word: string, language: Language, options: PlayOptions = {}) => {
      load(word, language, options).catch(() => undefined);
    },
    [load],
  );

  const play = useCallback(
    async (word: string, language: Language, options: PlayOptions = {}) => {
      const mine = ++ticket.current;
      setStatus('reading');
      try {
        const key = cacheKey(word, language, options);
        const blob = await load(word, language, options);
        const audio = audioRef.current;
        if (mine !== ticket.current || !audio) return;
        if (source.current?.key !== key) {
          if (source.current) URL.revokeObjectURL(source.current.url);
          source.current = { key, url: URL.createObjectURL(blob) };
          audio.src = source.current.url;
        }
        audio.currentTime = 0;
        await audio.play();
        if (mine === ticket.current) setStatus('idle');
        // "Say each word twice": once more after a short pause, unless the parent moved on.
        if (options.twice) {
          audio.addEventListener(
            'ended',
            () =>
              setTimeout(() => {
                if (mine !== ticket.current) return;
                audio.currentTime = 0;
                audio.play().catch(() => undefined);
              }, SAY_TWICE_PAUSE_MS),
            { once: true },
          );
        }
      } catch (error) {
        if (mine !== ticket.current) return;
        // Pausing or replacing the source interrupts play(): not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return setStatus('idle');
        console.warn('Failed to fetch audio', error);
        setStatus('failed');
      }
    },
    [load],
  );

  /** Stops the current word (the parent moved on) without dropping the cache. */
  const stop = useCallback(() => {
    ticket.current++;
    audioRef.current?.pause();
    setStatus('idle');
  }, []);

  // Leaving the page: forget the blobs and revoke the one object URL still alive.
  const dispose = useCallback(() => {
    ticket.current++;
    if (source.current) URL.revokeObjectURL(source.current.url);
    source.current = null;
    cache.current.clear();
  }, []);
  useEffect(() => dispose, [dispose]);

  return { audioRef, status, play, prefetch, stop };
}
