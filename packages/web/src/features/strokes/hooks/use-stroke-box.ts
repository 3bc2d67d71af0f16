import type HanziWriter from 'hanzi-writer';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getStrokeData } from '../api/get-stroke-data';
import { BOX_MAX_SIZE, HINT_AFTER_MISSES, createWriter } from '../lib/writer';

export type StrokeMode =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'animating'; index: number }
  | { kind: 'animated' }
  | { kind: 'writing'; index: number; mistakes: number; hintUsed: boolean }
  | { kind: 'written'; mistakes: number; hintUsed: boolean }
  | { kind: 'failed'; message: string };

// Long enough to see a finished character flash before the box clears for the next one.
const BETWEEN_CHARACTERS_MS = 700;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drives hanzi-writer in one box: the stroke animation of each character in turn, or the
 * quiz, character by character, counting mistakes and whether help was shown. A newer run,
 * or leaving the word, stops the one before (each run has a number; a stale one returns).
 */
export function useStrokeBox(chars: readonly string[]) {
  const rootRef = useRef<HTMLDivElement>(null);
  const targetRef = useRef<HTMLDivElement>(null);
  const writerRef = useRef<HanziWriter | null>(null);
  const runRef = useRef(0);
  const hintRef = useRef(false);
  const [mode, setMode] = useState<StrokeMode>({ kind: 'idle' });
  const [size, setSize] = useState(BOX_MAX_SIZE);

  const stop = useCallback(() => {
    runRef.current += 1;
    writerRef.current?.cancelQuiz();
    void writerRef.current?.pauseAnimation();
    writerRef.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  /** Starts a run: measures the box for this screen and returns the run's number. */
  const begin = () => {
    stop();
    const width = rootRef.current?.clientWidth ?? BOX_MAX_SIZE;
    const boxSize = Math.max(160, Math.min(BOX_MAX_SIZE, width));
    setSize(boxSize);
    setMode({ kind: 'loading' });
    return { run: runRef.current, boxSize };
  };

  const writerFor = async (char: string, boxSize: number, options: Parameters<typeof createWriter>[4]) => {
    const data = await getStrokeData(char);
    const target = targetRef.current;
    if (!target) throw new Error('The box is gone');
    const writer = await createWriter(target, char, data, boxSize, options);
    writerRef.current = writer;
    return writer;
  };

  const fail = (run: number) => {
    if (run === runRef.current)
      setMode({
        kind: 'failed',
        message: 'The strokes could not be loaded. Check the connection and try again.',
      });
  };

  const animate = async () => {
    const { run, boxSize } = begin();
    try {
      for (const [index, char] of chars.entries()) {
        const writer = await writerFor(char, boxSize, { showOutline: true, showCharacter: false });
        if (run !== runRef.current) return;
        // Said once the box holds this character, not before.
        setMode({ kind: 'animating', index });
        await writer.animateCharacter();
        if (run !== runRef.current) return;
        if (index < chars.length - 1) await pause(BETWEEN_CHARACTERS_MS);
      }
      if (run === runRef.current) setMode({ kind: 'animated' });
    } catch {
      fail(run);
    }
  };

  const write = async () => {
    const { run, boxSize } = begin();
    hintRef.current = false;
    let mistakes = 0;
    try {
      for (const [index, char] of chars.entries()) {
        // From memory: no outline, no character, until the child asks for help.
        const writer = await writerFor(char, boxSize, { showOutline: false, showCharacter: false });
        if (run !== runRef.current) return;
        // Said once the box is ready for this character, so a finger never draws into the last one.
        setMode({ kind: 'writing', index, mistakes, hintUsed: hintRef.current });
        const before = mistakes;
        const total = await new Promise<number>((resolve) => {
          void writer.quiz({
            showHintAfterMisses: HINT_AFTER_MISSES,
            onMistake: (stroke) => {
              // hanzi-writer highlights the stroke from this many misses on: that is help.
              if (stroke.mistakesOnStroke >= HINT_AFTER_MISSES) hintRef.current = true;
              if (run === runRef.current)
                setMode({
                  kind: 'writing',
                  index,
                  mistakes: before + stroke.totalMistakes,
                  hintUsed: hintRef.current,
                });
            },
            onComplete: (summary) => resolve(summary.totalMistakes),
          });
        });
        if (run !== runRef.current) return;
        mistakes += total;
        await pause(BETWEEN_CHARACTERS_MS);
        if (run !== runRef.current) return;
      }
      setMode({ kind: 'written', mistakes, hintUsed: hintRef.current });
    } catch {
      fail(run);
    }
  };

  /** Shows the character's outline: the child is helped, so the suggestion becomes Difficult. */
  const hint = () => {
    if (!writerRef.current) return;
    hintRef.current = true;
    void writerRef.current.showOutline();
    setMode((now) => (now.kind === 'writing' ? { ...now, hintUsed: true } : now));
  };

  const reset = () => {
    stop();
    targetRef.current?.replaceChildren();
    setMode({ kind: 'idle' });
  };

  return { rootRef, targetRef, mode, size, animate, write, hint, reset };
}
