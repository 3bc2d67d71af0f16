import type { WordInSet } from '@spellwell/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveRecording } from '../api/word-recording-mutations';
import { useRecorder } from '../hooks/use-recorder';
import { TakeControls } from './take-controls';
import styles from './recordings.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  words: WordInSet[];
  lang: string;
  onDone: () => void;
}

/** "Record all": one word at a time (shown large), record, keep, and on to the next. */
export function RecordAll({ childId, wordSetId, words, lang, onDone }: Props) {
  const [index, setIndex] = useState(0);
  const recorder = useRecorder();
  const save = useSaveRecording(childId, wordSetId);
  const word = words[index];
  const next = () => {
    recorder.reset();
    setIndex((i) => i + 1);
  };

  if (!word)
    return (
      <section className={styles.recordAll} aria-label="Record all">
        <p role="status">All {words.length} words are recorded.</p>
        <Button onClick={onDone}>Done</Button>
      </section>
    );
  return (
    <section className={styles.recordAll} aria-label="Record all">
      <p className={styles.step}>
        Word {index + 1} of {words.length}
      </p>
      <p className={styles.bigWord} lang={lang} data-testid="record-all-word">
        {word.wordString}
      </p>
      <TakeControls
        word={word.wordString}
        recorder={recorder}
        saving={save.isPending}
        keepLabel={index + 1 < words.length ? 'Keep and next' : 'Keep and finish'}
        onKeep={(audio) => void save.mutateAsync({ wordId: word.id, audio }).then(next, () => undefined)}
      />
      {recorder.error ? <Alert tone="error">{recorder.error}</Alert> : null}
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className={styles.row}>
        <Button size="sm" variant="ghost" onClick={next}>
          Skip word
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close Record all
        </Button>
      </div>
    </section>
  );
}
