import type HanziWriter from 'hanzi-writer';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { BOX_PADDING, HINT_AFTER_MISSES, createWriter, releaseWriter } from '../../lib/hanzi-writer';
import { kidStrokeData } from './kid-api';
import styles from './kid.module.css';

const BOX_SIZE = 260;
// Long enough to see a finished character before the box clears for the next one.
const BETWEEN_CHARACTERS_MS = 700;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WrittenWord {
  mistakes: number;
  hintUsed: boolean;
}

/**
 * A Chinese word written from memory in the 田字格 (issue 36): hanzi-writer's quiz, one
 * character after another, with no outline until the child asks for one (then the word is
 * graded as helped). The device gets the characters' shapes from the server, never the word.
 */
export function KidStrokes({
  wordId,
  onWritten,
  onError,
}: {
  wordId: string;
  onWritten: (written: WrittenWord) => void;
  onError: (error: unknown) => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const writer = useRef<HanziWriter | null>(null);
  const hint = useRef(false);
  const [state, setState] = useState<{ index: number; count: number; mistakes: number } | null>(null);
  const written = useRef(onWritten);
  written.current = onWritten;
  const failed = useRef(onError);
  failed.current = onError;

  useEffect(() => {
    let live = true;
    const run = async () => {
      const { characters } = await kidStrokeData(wordId);
      let mistakes = 0;
      for (const [index, data] of characters.entries()) {
        if (!live || !target.current) return;
        releaseWriter(writer.current);
        // The character's own text is not known here: the loader is handed its shapes.
        writer.current = await createWriter(target.current, String(index), data, BOX_SIZE, {
          showOutline: false,
          showCharacter: false,
        });
        if (!live) return;
        setState({ index, count: characters.length, mistakes });
        const before = mistakes;
        mistakes += await new Promise<number>((resolve) => {
          void writer.current!.quiz({
            showHintAfterMisses: HINT_AFTER_MISSES,
            onMistake: (stroke) => {
              if (stroke.mistakesOnStroke >= HINT_AFTER_MISSES) hint.current = true;
              if (live)
                setState({ index, count: characters.length, mistakes: before + stroke.totalMistakes });
            },
            onComplete: (summary) => resolve(summary.totalMistakes),
          });
        });
        await pause(BETWEEN_CHARACTERS_MS);
      }
      releaseWriter(writer.current);
      writer.current = null;
      if (live) written.current({ mistakes, hintUsed: hint.current });
    };
    run().catch((error: unknown) => live && failed.current(error));
    return () => {
      live = false;
      releaseWriter(writer.current);
      writer.current = null;
    };
  }, [wordId]);

  return (
    <div className={styles.pass}>
      <p className={styles.message} role="status">
        {state ? `Write character ${state.index + 1} of ${state.count}.` : 'Getting the box ready…'}
      </p>
      <div className={styles.strokeBox} style={{ width: BOX_SIZE, height: BOX_SIZE }}>
        <svg className={styles.strokeGrid} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <path
            d="M0 50H100M50 0V100M0 0L100 100M100 0L0 100"
            stroke="currentColor"
            strokeWidth="0.6"
            strokeDasharray="2 2"
            fill="none"
          />
        </svg>
        <div
          ref={target}
          className={styles.strokeTarget}
          data-testid="stroke-box"
          data-padding={BOX_PADDING}
          role="img"
          aria-label="Writing box: draw each stroke with a finger"
        />
      </div>
      <Button
        variant="ghost"
        onClick={() => {
          hint.current = true;
          void writer.current?.showOutline();
        }}
      >
        Help: show the outline
      </Button>
    </div>
  );
}
