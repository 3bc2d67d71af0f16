import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SHARED_PARAM, takeSharedPhoto, type TakenPhoto } from './lib/shared-photo';

/**
 * On a page opened with `?shared=1` (the service worker's redirect after a share): takes the
 * waiting photo out of storage, once, and drops the flag from the address so a reload or Back
 * does not look for it again. Null until there is an answer, or when nothing was shared.
 */
export function useSharedPhoto(): TakenPhoto | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const shared = searchParams.has(SHARED_PARAM);
  const [taken, setTaken] = useState<TakenPhoto | null>(null);
  // Refs outlive StrictMode's second effect run: the photo is taken (and deleted) only once.
  const started = useRef(false);

  useEffect(() => {
    if (!shared || started.current) return;
    started.current = true;
    void takeSharedPhoto().then(setTaken, () => setTaken({ problem: 'missing' }));
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(SHARED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [shared, setSearchParams]);

  return taken;
}
