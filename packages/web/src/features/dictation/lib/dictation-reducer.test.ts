import { describe, expect, it } from 'vitest';
import {
  dictationReducer,
  initialDictation,
  type DictationAction,
  type DictationState,
} from './dictation-reducer';

const run = (state: DictationState, ...actions: DictationAction['type'][]) =>
  actions.reduce((s, type) => dictationReducer(s, { type } as DictationAction), state);

describe('dictationReducer', () => {
  it('reads each word twice with a pause after each reading, then is done', () => {
    let s = run(initialDictation(2), 'start');
    expect(s).toMatchObject({ index: 0, reading: 1, phase: 'speaking' });
    s = run(s, 'spoken');
    expect(s).toMatchObject({ index: 0, reading: 1, phase: 'waiting' });
    s = run(s, 'waited');
    expect(s).toMatchObject({ index: 0, reading: 2, phase: 'speaking' });
    s = run(s, 'spoken', 'waited');
    expect(s).toMatchObject({ index: 1, reading: 1, phase: 'speaking' });
    s = run(s, 'spoken', 'waited', 'spoken', 'waited');
    expect(s.phase).toBe('done');
    expect(run(s, 'repeat', 'next', 'start')).toBe(s);
  });

  it('Pause stops the clock; Resume reads the same reading again', () => {
    const s = run(initialDictation(3), 'start', 'spoken', 'waited', 'pause');
    expect(s).toMatchObject({ index: 0, reading: 2, phase: 'paused' });
    expect(run(s, 'waited', 'spoken')).toBe(s);
    const resumed = run(s, 'resume');
    expect(resumed).toMatchObject({ index: 0, reading: 2, phase: 'speaking' });
    expect(resumed.run).toBeGreaterThan(s.run);
  });

  it('Repeat reads the word again; Next goes to the next word at its first reading', () => {
    const s = run(initialDictation(3), 'start', 'spoken', 'waited', 'spoken');
    const repeated = run(s, 'repeat');
    expect(repeated).toMatchObject({ index: 0, reading: 2, phase: 'speaking' });
    expect(run(s, 'next')).toMatchObject({ index: 1, reading: 1, phase: 'speaking' });
    expect(run(initialDictation(1), 'start', 'next').phase).toBe('done');
  });

  it('a failed word pauses with the failure shown; Repeat clears it', () => {
    const s = run(initialDictation(2), 'start', 'failed');
    expect(s).toMatchObject({ phase: 'paused', failed: true });
    expect(run(s, 'repeat')).toMatchObject({ phase: 'speaking', failed: false });
  });

  it('nothing to dictate is done at once; nothing happens before Start', () => {
    expect(initialDictation(0).phase).toBe('done');
    const ready = initialDictation(2);
    expect(run(ready, 'next', 'repeat', 'pause', 'spoken')).toBe(ready);
  });
});
