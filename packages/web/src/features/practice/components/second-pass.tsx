import type { Language, Word } from '@spellwell/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PlayIcon } from '../../../components/ui/icons';
import { WordCard } from './word-card';
import styles from './second-pass.module.css';

interface Props {
  words: readonly Word[];
  language: Language;
  reading: boolean;
  onPlay: (word: Word) => void;
  onDone: () => void;
}

/**
 * A second look at the Difficult and skipped words, after the session. Nothing here is graded:
 * their schedule was set by this session's grades and must not move again (issue 17 item 6),
 * so this screen has no grade buttons and sends nothing to the server but audio requests.
 */
export function SecondPass({ words, language, reading, onPlay, onDone }: Props) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const regionId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const word = words[index];
  if (!word) return null;
  const last = index === words.length - 1;
  return (
    <section className={styles.wrap} aria-labelledby="second-pass-title">
      <h1 id="second-pass-title" className={styles.title} ref={title} tabIndex={-1}>
        Tricky word {index + 1} of {words.length}
      </h1>
      <p className={styles.note}>A second look: nothing here changes the schedule.</p>
      <WordCard id={regionId} word={word.wordString} language={language} shown={shown} />
      <Button size="lg" block icon={<PlayIcon />} onClick={() => onPlay(word)} disabled={reading}>
        {reading ? 'Reading' : 'Play Word'}
      </Button>
      <Button
        variant="secondary"
        block
        onClick={() => setShown((s) => !s)}
        aria-expanded={shown}
        aria-controls={regionId}
      >
        {shown ? 'Hide Word' : 'Show Word'}
      </Button>
      <Button
        variant="ghost"
        block
        onClick={() => {
          if (last) onDone();
          else {
            setIndex(index + 1);
            setShown(false);
          }
        }}
      >
        {last ? 'Done' : 'Next tricky word'}
      </Button>
    </section>
  );
}
