import type { WordInSet } from '@spellwell/shared';
import { useState } from 'react';
import { readWordRecording } from '../../../api/word-recording';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDeleteRecording, useSaveRecording } from '../api/word-recording-mutations';
import { useRecorder } from '../hooks/use-recorder';
import { RECORDER_MESSAGES } from '../lib/recorder-support';
import { TakeControls } from './take-controls';
import styles from './recordings.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  word: WordInSet;
  /** After a take is kept (the Word List closes its recorder then). */
  onKept?: () => void;
}

/**
 * One word's recorder, the same in Edit Words and the practice's Word List: play or delete
 * the kept recording, record a take, hear it back, keep or redo it.
 */
export function RecordingControls({ childId, wordSetId, word, onKept }: Props) {
  const recorder = useRecorder();
  const save = useSaveRecording(childId, wordSetId);
  const remove = useDeleteRecording(childId, wordSetId);
  const [playError, setPlayError] = useState(false);
  const keep = (audio: Blob) =>
    void save.mutateAsync({ wordId: word.id, audio }).then(
      () => {
        recorder.reset();
        onKept?.();
      },
      () => undefined,
    );
  const play = async () => {
    setPlayError(false);
    try {
      const blob = await readWordRecording(childId, word.id);
      const url = URL.createObjectURL(blob);
      const audio = new Audio(url);
      audio.onended = () => URL.revokeObjectURL(url);
      await audio.play();
    } catch {
      setPlayError(true);
    }
  };
  const error = recorder.error ?? (save.isError ? save.error.message || RECORDER_MESSAGES.saveFailed : null);

  return (
    <>
      <div className={styles.row}>
        {word.hasRecording && recorder.state === 'idle' ? (
          <>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void play()}
              aria-label={`Play your recording of ${word.wordString}`}
            >
              Play
            </Button>
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => remove.mutate(word.id)}
              aria-label={`Delete your recording of ${word.wordString}`}
            >
              Delete
            </Button>
          </>
        ) : null}
        <TakeControls word={word.wordString} recorder={recorder} saving={save.isPending} onKeep={keep} />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {playError ? <Alert tone="error">The recording could not be played. Please try again.</Alert> : null}
      {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
    </>
  );
}
