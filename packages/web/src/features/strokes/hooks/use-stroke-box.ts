import type HanziWriter from 'hanzi-writer';
import type { CharacterJson } from 'hanzi-writer';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getStrokeData } from '../api/get-stroke-data';
import {
  BOX_MAX_SIZE,
  HINT_AFTER_MISSES,
  animationTiming,
  createWriter,
  releaseWriter,
} from '../../../lib/hanzi-writer';
import { fitBox } from '../lib/fit-box';

export type StrokeMode =
  | { kind: 'idle' }
  | { kind: 'loading'; writing: boolean }
  | { kind: 'animating'; index: number }
  | { kind: 'animated' }
  | { kind: 'writing'; index: number; mistakes: number; hintUsed: boolean }
  | { kind: 'written'; mistakes: number; hintUsed: boolean }
  | { kind: 'failed'; message: string };

// Long enough to see a finished character flash before the box clears for the next one.
const BETWEEN_CHARACTERS_MS = 700;
// Between the characters of the animation, which must stay near 1.5 s a character in all.
const BETWEEN_ANIMATED_MS = 250;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/**
 * Drives hanzi-writer in one box: the stroke animation of each character in turn, or the
 * quiz, character by character, counting mistakes and whether help was shown. A newer run,
 * or leaving the word, stops the one before (each run has a number; a stale one returns).
 */
export function useStrokeBox(chars: readonly string[], gradeButtons?: () => HTMLElement | null) {
  const rootRef = useRef<HTMLDivElement>(null);
  const targetRef = useRef<HTMLDivElement>(null);
  const writerRef = useRef<HanziWriter | null>(null);
  const runRef = useRef(0);
  const hintRef = useRef(false);
  const [mode, setMode] = useState<StrokeMode>({ kind: 'idle' });
  const [size, setSize] = useState(BOX_MAX_SIZE);
  const sizeRef = useRef(BOX_MAX_SIZE);

  const stop = useCallback(() => {
    runRef.current += 1;
    void writerRef.current?.pauseAnimation();
    releaseWriter(writerRef.current);
    writerRef.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  /**
   * Starts a run: shows the box, sizes it to the space above the grade buttons (which stay
   * where they are on the screen, or come up into it) and returns the run's number.
   */
  const begin = async (writing: boolean) => {
    stop();
    const run = runRef.current;
    const grades = gradeButtons?.() ?? null;
    const before = grades?.getBoundingClientRect().top ?? null;
    setMode({ kind: 'loading', writing });
    await nextFrame();
    const root = rootRef.current;
    const box = targetRef.current?.parentElement;
    let boxSize = Math.min(BOX_MAX_SIZE, root?.clientWidth ?? BOX_MAX_SIZE);
    if (root && box && grades && before !== null) {
      const fit = fitBox({
        viewportHeight: window.innerHeight,
        width: root.clientWidth,
        gradesTopBefore: before,
        panelTop: root.getBoundingClientRect().top,
        box: box.getBoundingClientRect(),
        boxSize: sizeRef.current,
        grades: grades.getBoundingClientRect(),
      });
      boxSize = fit.size;
      sizeRef.current = boxSize;
      setSize(boxSize);
      await nextFrame();
      window.scrollBy({ top: grades.getBoundingClientRect().top - fit.gradesTop, behavior: 'instant' });
    } else {
      sizeRef.current = boxSize;
      setSize(boxSize);
    }
    return { run, boxSize };
  };

  const writerFor = async (
    char: string,
    boxSize: number,
    options: Parameters<typeof createWriter>[4],
    fetched?: CharacterJson,
  ) => {
    const data = fetched ?? (await getStrokeData(char));
    const target = targetRef.current;
    if (!target) throw new Error('The box is gone');
    // The character before is done: its document listeners go with it (issue 40).
    releaseWriter(writerRef.current);
    writerRef.current = null;
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
    const { run, boxSize } = await begin(false);
    if (run !== runRef.current) return;
    try {
      // Every character's data first, so nothing waits on the network between characters.
      const all = await Promise.all(chars.map((char) => getStrokeData(char)));
      for (const [index, char] of chars.entries()) {
        const data = all[index]!;
        if (run !== runRef.current) return;
        const writer = await writerFor(
          char,
          boxSize,
          {
            showOutline: true,
            showCharacter: false,
            strokeFadeDuration: 150,
            ...animationTiming(data),
          },
          data,
        );
        if (run !== runRef.current) return;
        // Said once the box holds this character, not before.
        setMode({ kind: 'animating', index });
        await writer.animateCharacter();
        if (run !== runRef.current) return;
        if (index < chars.length - 1) await pause(BETWEEN_ANIMATED_MS);
      }
      if (run === runRef.current) setMode({ kind: 'animated' });
    } catch {
      fail(run);
    }
  };

  const write = async () => {
    const { run, boxSize } = await begin(true);
    if (run !== runRef.current) return;
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

  /** Ends the animation at once, the character in the box drawn whole. */
  const skip = () => {
    const writer = writerRef.current;
    stop();
    void writer?.showCharacter({ duration: 0 });
    setMode({ kind: 'animated' });
  };

  const reset = () => {
    stop();
    targetRef.current?.replaceChildren();
    setMode({ kind: 'idle' });
  };

  return { rootRef, targetRef, mode, size, animate, write, hint, skip, reset };
}
