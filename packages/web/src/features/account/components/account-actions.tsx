import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { reloadSignedOut } from '../../../lib/reload-signed-out';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';
import { saveFile } from './save-file';
import styles from '../../../components/ui/settings-section.module.css';

const CONFIRM_WORD = 'DELETE';

/** The parent's PDPA rights in two buttons: take a copy of the data, or remove it all. */
export function AccountActions() {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const exportData = useExportAccount({ onSuccess: ({ blob, filename }) => saveFile(blob, filename) });
  const remove = useDeleteAccount({ onSuccess: reloadSignedOut });

  const close = () => {
    if (remove.isPending) return;
    setConfirming(false);
    setTyped('');
    remove.reset();
  };

  return (
    <section className={styles.section} aria-labelledby="account-actions-title">
      <h2 id="account-actions-title" className={styles.title}>
        Your data
      </h2>
      <p className={styles.text}>
        Download everything SpellWell keeps about you and your children, or delete it all.
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" loading={exportData.isPending} onClick={() => exportData.mutate()}>
          {exportData.isPending ? 'Preparing Download' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </div>
      {exportData.isError ? <Alert tone="error">The download did not work. Please try again.</Alert> : null}

      <Dialog
        open={confirming}
        onClose={close}
        title="Delete your account?"
        description="This removes your children, their word lists and all practice history; anyone you shared a child with loses it too. Children shared with you stay with their owner. It cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              disabled={typed.trim() !== CONFIRM_WORD}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? 'Deleting' : 'Delete my account'}
            </Button>
          </>
        }
      >
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        {remove.isError ? (
          <Alert tone="error">Your account could not be deleted. Please try again.</Alert>
        ) : null}
      </Dialog>
    </section>
  );
}
