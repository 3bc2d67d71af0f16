export interface CheckpointPolicy {
  /** The connection must have been unused this long. */
  idleMs: number;
  /** Uses of the connection after which a checkpoint runs without a pause, bounding the WAL. */
  maxUses: number;
}

/**
 * Checkpoint once the connection has been idle for a quarter second, or every 5,000 uses
 * under a load that never pauses (at most a few tens of MB of WAL).
 */
export const WAL_CHECKPOINTS: CheckpointPolicy = { idleMs: 250, maxUses: 5_000 };

/**
 * SQLite's automatic checkpoint copies the WAL back into the database file, and syncs it,
 * inside whichever commit crosses 1,000 pages: that request waits for it (the p99 of grading
 * on SQLite, docs/performance.md). With automatic checkpoints off, this runs them when the
 * connection has been idle, which for a family's practice is nearly always, and after
 * `maxUses` uses otherwise. `used()` is called after every use of the connection.
 */
export function checkpointWhenIdle(
  checkpoint: (reason: 'idle' | 'busy') => void,
  policy: CheckpointPolicy = WAL_CHECKPOINTS,
) {
  let uses = 0;
  // One timer, re-armed by each use: refresh() is cheaper than a new timeout per query.
  const idle = setTimeout(() => {
    if (uses === 0) return;
    uses = 0;
    checkpoint('idle');
  }, policy.idleMs).unref();
  return {
    used(): void {
      uses += 1;
      if (uses >= policy.maxUses) {
        uses = 0;
        checkpoint('busy');
      }
      idle.refresh();
    },
  };
}
