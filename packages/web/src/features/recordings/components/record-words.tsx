import { LANGUAGE_TAGS, type WordInSet, type WordSetDetail } from '@spellwell/shared';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { RecordAll } from './record-all';
import { WordRecorder } from './word-recorder';
import styles from './recordings.module.css';

interface Props {
  childId: string;
  wordSet: WordSetDetail;
  /** What the page offers beside each word (Edit Words: Remove, from the word-sets feature). */
  wordActions?: (word: WordInSet) => ReactNode;
}

/**
 * "Your voice": the parent records each word, and Play Word uses the recording instead of
 * the synthesised voice. One word at a time, or "Record all" through the list.
 */
export function RecordWords({ childId, wordSet, wordActions }: Props) {
  const [all, setAll] = useState(false);
  const lang = LANGUAGE_TAGS[wordSet.language];
  const recorded = wordSet.words.filter((w) => w.hasRecording).length;
  return (
    <section className={styles.section} aria-labelledby="your-voice">
      <h2 id="your-voice" className={styles.heading}>
        Your voice
      </h2>
      <p className={styles.hint}>
        Record each word in your own voice; Play Word then plays it instead of the computer voice. {recorded}{' '}
        of {wordSet.words.length} recorded.
      </p>
      {all ? (
        <RecordAll
          childId={childId}
          wordSetId={wordSet.id}
          words={wordSet.words}
          lang={lang}
          onDone={() => setAll(false)}
        />
      ) : (
        <>
          <Button variant="secondary" onClick={() => setAll(true)}>
            Record all
          </Button>
          <ul className={styles.list}>
            {wordSet.words.map((word) => (
              <WordRecorder
                key={word.id}
                childId={childId}
                wordSetId={wordSet.id}
                word={word}
                lang={lang}
                actions={wordActions?.(word)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
