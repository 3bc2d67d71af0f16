import { useEffect, useState } from 'react';
import { findWaitingShare } from './lib/shared-photo';

/**
 * A photo shared to SpellWell that no Add New Practice has taken yet (the parent had to sign
 * in first, or no child was remembered), looked for once; null while looking or when none.
 */
export function useWaitingShare(): { childId: string | null } | null {
  const [waiting, setWaiting] = useState<{ childId: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    findWaitingShare().then(
      (found) => live && setWaiting(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return waiting;
}
