import { ROLE_LABELS, type InvitePreview } from '@spellwell/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { familyApi } from './family-api';
import styles from './family.module.css';

/**
 * /invite/{secret} (issue 37): the signed-in parent sees whose child they are invited to share,
 * and in what role, and accepts. Nothing happens until they press Accept.
 */
export function AcceptInvitePage({
  secret,
  dashboardHref,
}: {
  secret: string;
  dashboardHref: (childId: string) => string;
}) {
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    familyApi
      .preview(secret)
      .then(setPreview, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [secret]);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const { childId } = await familyApi.accept(secret);
      void navigate(dashboardHref(childId), { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={`page ${styles.page}`}>
      <h1>Join a family</h1>
      {preview ? (
        <>
          <p>
            {preview.invitedBy} invites you to practise spelling with <strong>{preview.childName}</strong> as
            a {ROLE_LABELS[preview.role].toLowerCase()}.
          </p>
          <p>
            {preview.role === 'tutor'
              ? `You will see ${preview.childName}'s lists, practise, grade and print, but not change the lists.`
              : `You will see and change ${preview.childName}'s lists, practise and grade.`}{' '}
            {preview.invitedBy} sees the grades you give.
          </p>
          <Button loading={busy} onClick={() => void accept()}>
            Accept
          </Button>
        </>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </main>
  );
}
