import type { WordSetDetail } from '@spellwell/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteWordSet } from '../api/delete-word-set';

const wordsLabel = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

interface DeletePracticeProps {
  childId: string;
  childName: string | undefined;
  wordSet: WordSetDetail;
  /** Where the parent lands once it is gone: the child's tab. */
  dashboardHref: string;
}

/** Removes a practice added by mistake, after saying what goes and what stays. */
export function DeletePractice({ childId, childName, wordSet, dashboardHref }: DeletePracticeProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteWordSet(childId, wordSet.id);
  const whose = childName ? `${childName}'s` : 'The';
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Practice
      </Button>
      <ConfirmDialog
        open={open}
        danger
        title={`Delete “${wordSet.description}”?`}
        description={`Its ${wordsLabel(wordSet.words.length)} and saved progress go. ${whose} statistics keep the grades already given. This cannot be undone.`}
        confirmLabel="Delete Practice"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () =>
              navigate(dashboardHref, {
                replace: true,
                state: { notice: `“${wordSet.description}” was deleted.` },
              }),
          })
        }
      />
    </>
  );
}
