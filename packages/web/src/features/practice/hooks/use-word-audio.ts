import type { Language } from '@spellwell/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readWord } from '../api/read-word';

export type AudioStatus = 'idle' | 'reading' | 'failed';

const cacheKey = (word: string, language: Language, reading?: string | null) =>
  `${language}\u0000${word}\u0000${reading ?? ''}`;

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

  const load = useCallback((word: string, language: Language, reading?: string | null) => {
    const key = cacheKey(word, language, reading);
    let blob = cache.current.get(key);
    if (!blob) {
      blob = readWord(word, language, reading);
      cache.current.set(key, blob);
      // A failure is not cached: pressing Play again asks the server again.
      blob.catch(() => cache.current.delete(key));
    }
    return blob;
  }, []);

  const prefetch = useCallback(
    (word: string, language: Language, reading?: string | null) => {
      load(word, language, reading).catch(() => undefined);
    },
    [load],
  );

  const play = useCallback(
    async (word: string, language: Language, reading?: string | null) => {
      const mine = ++ticket.current;
      setStatus('reading');
      try {
        const key = cacheKey(word, language, reading);
        const blob = await load(word, language, reading);
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
