/** Timestamps are stored as ISO 8601 text on both engines, so they sort as they compare. */
export const nowIso = (): string => new Date().toISOString();
