import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps the screen awake while `active` (a phone propped on the table must not go dark
 * mid-word), asks again when the page becomes visible (browsers drop the lock when it is
 * hidden), and lets go on `release()` or unmount. Problems are written to the console only
 * (specification section 8); they never interrupt practice.
 */
export function useWakeLock(active: boolean) {
  const sentinel = useRef<WakeLockSentinel | null>(null);
  const requesting = useRef(false);
  const wanted = useRef(active);

  const request = useCallback(async () => {
    if (!('wakeLock' in navigator)) {
      console.info('Screen wake lock is not supported in this browser.');
      return;
    }
    if (requesting.current || (sentinel.current && !sentinel.current.released)) {
      console.info('Screen wake lock was requested twice; keeping the one already held.');
      return;
    }
    requesting.current = true;
    try {
      const lock = await navigator.wakeLock.request('screen');
      if (!wanted.current) {
        // Released (the parent left) before the request came back.
        console.info('Screen wake lock was released before the request completed.');
        await lock.release();
        return;
      }
      sentinel.current = lock;
    } catch (error) {
      console.warn('Screen wake lock could not be acquired:', error);
    } finally {
      requesting.current = false;
    }
  }, []);

  const release = useCallback(() => {
    wanted.current = false;
    const lock = sentinel.current;
    sentinel.current = null;
    if (!lock) return;
    lock.release().catch((error: unknown) => console.warn('Screen wake lock could not be released:', error));
  }, []);

  useEffect(() => {
    wanted.current = active;
    if (!active) {
      release();
      return;
    }
    void request();
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && wanted.current) void request();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      release();
    };
  }, [active, request, release]);

  return { release };
}
