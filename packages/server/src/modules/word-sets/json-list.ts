/**
 * Lists are stored as JSON text (docs/decisions/001-database.md). Null when the text is not
 * a list of strings, so a caller can rebuild instead of failing the request.
 */
export function parseStringList(json: string): string[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}
