import {
  LANGUAGE_TAGS,
  formatDisplayDate,
  joinWordList,
  type WordInSet,
  type WordSetDetail,
} from '@spellwell/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEditWords } from '../api/edit-words';

interface RemoveWordProps {
  childId: string;
  wordSet: WordSetDetail;
  word: WordInSet;
  /** Once the set has been saved without the word (and read again). */
  onRemoved?: () => void;
}

/** What goes with the word, in the parent's words: its place in the schedule and the recording. */
export function removeWordDescription(word: WordInSet): string {
  const progress = word.nextReview
    ? `Its progress goes with it: it was next due ${formatDisplayDate(word.nextReview)}, and added again it starts from the beginning.`
    : 'It has no progress yet.';
  const voice = word.hasRecording ? ' Your recording of it goes too.' : '';
  return `${progress}${voice} This cannot be undone.`;
}

/**
 * Removes one word from the set (issue 35), after saying that its progress goes. The server's
 * edit keeps every other word's schedule: it is the same request as saving the list without it.
 */
export function RemoveWord({ childId, wordSet, word, onRemoved }: RemoveWordProps) {
  const [open, setOpen] = useState(false);
  const edit = useEditWords(childId, wordSet.id);
  const rest = wordSet.words.filter((w) => w.id !== word.id).map((w) => w.wordString);
  // A set keeps at least one word: the last one goes with the practice (Delete Practice).
  if (rest.length === 0) return null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Remove ${word.wordString}`}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        danger
        title={
          <>
            Remove “<span lang={LANGUAGE_TAGS[wordSet.language]}>{word.wordString}</span>”?
          </>
        }
        description={removeWordDescription(word)}
        confirmLabel="Remove word"
        pendingLabel="Removing..."
        pending={edit.isPending}
        error={edit.isError ? edit.error.message : null}
        onCancel={() => {
          setOpen(false);
          edit.reset();
        }}
        onConfirm={() =>
          edit.mutate(
            { words: joinWordList(rest) },
            {
              onSuccess: () => {
                setOpen(false);
                onRemoved?.();
              },
            },
          )
        }
      />
    </>
  );
}
