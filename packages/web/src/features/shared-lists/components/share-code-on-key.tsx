import { useShareStatus } from '../api/share-list';

/**
 * On a printed answer key (issue 37): the list's share code while it is shared, so a parent
 * can hand the sheet's list to another family. Nothing while it is not.
 */
export function ShareCodeOnKey({ childId, wordSetId }: { childId: string; wordSetId: string }) {
  const share = useShareStatus(childId, wordSetId).data?.share;
  if (!share) return null;
  return (
    <p data-testid="key-share-code">
      Shared list code: <strong>{share.code}</strong> (another parent adds this list at {share.url})
    </p>
  );
}
