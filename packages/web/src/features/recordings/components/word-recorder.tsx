import type { WordInSet } from '@spellwell/shared';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { RecordingControls } from './recording-controls';
import styles from './recordings.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  word: WordInSet;
  lang: string;
  /** What the page offers beside the word (Edit Words: Remove). */
  actions?: ReactNode;
}

/** One word of the list: its parent's-voice badge, play or delete the recording, record anew. */
export function WordRecorder({ childId, wordSetId, word, lang, actions }: Props) {
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <span className={styles.word} lang={lang}>
          {word.wordString}
        </span>
        {word.hasRecording ? <Badge tone="accent">Your voice</Badge> : null}
        {actions ? <span className={styles.wordActions}>{actions}</span> : null}
      </div>
      <RecordingControls childId={childId} wordSetId={wordSetId} word={word} />
    </li>
  );
}
