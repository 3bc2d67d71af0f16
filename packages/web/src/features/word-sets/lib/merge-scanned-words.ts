/**
 * What a scan does to the words already typed: an empty field takes the scan as it is; a
 * filled one keeps its words and gets the scanned ones on new lines after them, so scanning
 * the second page of a worksheet adds to the first instead of wiping it.
 */
export function mergeScannedWords(current: string, scanned: string): string {
  const added = scanned.trim();
  const kept = current.trimEnd();
  if (added === '') return current;
  if (kept.trim() === '') return added;
  return `${kept}\n${added}`;
}
