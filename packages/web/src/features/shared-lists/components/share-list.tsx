import type { WordSetDetail } from '@spellwell/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QrCode } from '../../../components/ui/qr-code';
import { useShareList, useShareStatus, useStopSharing } from '../api/share-list';
import styles from './shared-lists.module.css';

/**
 * On a set's page (issue 37): "Share this list" gives a code another parent can type, its link
 * and a QR code; "Stop sharing" ends the code for good. What the code shows: the list only.
 */
export function ShareList({ childId, wordSet }: { childId: string; wordSet: WordSetDetail }) {
  const status = useShareStatus(childId, wordSet.id);
  const share = useShareList(childId, wordSet.id);
  const stop = useStopSharing(childId, wordSet.id);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const active = status.data?.share ?? null;

  const openDialog = () => {
    setCopied(false);
    setOpen(true);
    if (!active) share.mutate();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, or refused): the code is on screen to copy by hand.
      setCopied(false);
    }
  };
  const error = share.error ?? stop.error;

  return (
    <section className={styles.section} aria-labelledby="share-list-title">
      <h2 id="share-list-title" className={styles.sectionTitle}>
        Share with other families
      </h2>
      <p className={styles.hint}>
        {active
          ? `Shared with the code ${active.code}. Anyone signed in with it sees the words, never your child’s name or grades.`
          : 'Give another parent a code to add this list for their child. They see the words only.'}
      </p>
      <Button variant="secondary" onClick={openDialog}>
        Share this list
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Share “${wordSet.description}”`}
        description="Another parent types this code on “Add a shared list”, or opens the link or the QR code."
        footer={
          active ? (
            <Button variant="danger" loading={stop.isPending} onClick={() => stop.mutate()}>
              Stop sharing
            </Button>
          ) : null
        }
      >
        {error ? <Alert tone="error">{error.message}</Alert> : null}
        {active ? (
          <>
            <p className={styles.code} data-testid="share-code" aria-label={`Share code ${active.code}`}>
              {active.code}
            </p>
            <div className={styles.row}>
              <Button size="sm" onClick={() => void copy(active.code)}>
                Copy code
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void copy(active.url)}>
                Copy link
              </Button>
              {copied ? <span role="status">Copied</span> : null}
            </div>
            <p className={styles.url} data-testid="share-url">
              {active.url}
            </p>
            <QrCode
              className={styles.qr}
              value={active.url}
              label={`QR code for the shared list ${active.code}`}
            />
          </>
        ) : stop.isSuccess ? (
          <p>This list is no longer shared. Its old code no longer works.</p>
        ) : share.isPending ? (
          <p>Making a code…</p>
        ) : null}
      </Dialog>
    </section>
  );
}
