import type { WordInSet } from '@spellwell/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RecordingControls } from './recording-controls';
import styles from './recordings.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  word: WordInSet;
}

/**
 * The practice's Word List: a small "Record" under each word opens the same recorder as
 * Edit Words, so a parent can voice a word mid-practice; "Redo recording" under a word already
 * in their voice, so a take is redone here too, not only in Edit Words (issue 35). Closed by
 * default: the list stays a list to read from. Keeping a take closes it (the word's badge then
 * says it is recorded).
 */
export function WordListRecorder({ childId, wordSetId, word }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const opener = word.hasRecording
    ? { label: `Redo the recording of ${word.wordString}`, text: 'Redo recording' }
    : { label: `Record ${word.wordString}`, text: 'Record' };
  return (
    <div className={styles.listRecorder} lang="en">
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        // Open, the recorder's own "Record <word>" starts a take: this one must not share its name.
        aria-label={open ? `Close the recorder for ${word.wordString}` : opener.label}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close' : opener.text}
      </Button>
      <div
        id={panelId}
        role={open ? 'group' : undefined}
        aria-label={open ? `Your voice for ${word.wordString}` : undefined}
      >
        {open ? (
          <RecordingControls
            childId={childId}
            wordSetId={wordSetId}
            word={word}
            onKept={() => setOpen(false)}
          />
        ) : null}
      </div>
    </div>
  );
}
