/**
 * A random key for one grade, reused when that grade is retried. crypto.randomUUID exists only
 * in secure contexts, so a site opened over plain http on a home network falls back to
 * getRandomValues, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
