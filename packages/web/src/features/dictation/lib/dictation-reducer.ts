/**
 * Dictation as a pure state machine: each word is read twice, with the child's pause after each
 * reading; Pause, Repeat and Next act on it. Timers and audio are the caller's side effects,
 * driven by `phase` (speaking: play the word; waiting: wait the pause).
 */
export interface DictationState {
  count: number;
  /** The word being dictated, 0-based. */
  index: number;
  reading: 1 | 2;
  phase: 'ready' | 'speaking' | 'waiting' | 'paused' | 'done';
  /** Raised by Repeat and Resume, so the same reading plays again. */
  run: number;
  /** The word's audio could not be played: paused, with the error shown. */
  failed: boolean;
}

export type DictationAction =
  | { type: 'start' }
  | { type: 'spoken' }
  | { type: 'waited' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'repeat' }
  | { type: 'next' }
  | { type: 'failed' };

export const initialDictation = (count: number): DictationState => ({
  count,
  index: 0,
  reading: 1,
  phase: count === 0 ? 'done' : 'ready',
  run: 0,
  failed: false,
});

function nextWord(state: DictationState): DictationState {
  if (state.index + 1 >= state.count) return { ...state, phase: 'done', failed: false };
  return {
    ...state,
    index: state.index + 1,
    reading: 1,
    phase: 'speaking',
    run: state.run + 1,
    failed: false,
  };
}

export function dictationReducer(state: DictationState, action: DictationAction): DictationState {
  if (state.phase === 'done') return state;
  switch (action.type) {
    case 'start':
      return state.phase === 'ready' ? { ...state, phase: 'speaking', run: state.run + 1 } : state;
    case 'spoken':
      return state.phase === 'speaking' ? { ...state, phase: 'waiting' } : state;
    case 'waited':
      if (state.phase !== 'waiting') return state;
      return state.reading === 1
        ? { ...state, reading: 2, phase: 'speaking', run: state.run + 1 }
        : nextWord(state);
    case 'pause':
      return state.phase === 'speaking' || state.phase === 'waiting' ? { ...state, phase: 'paused' } : state;
    case 'resume':
      return state.phase === 'paused'
        ? { ...state, phase: 'speaking', run: state.run + 1, failed: false }
        : state;
    case 'repeat':
      return state.phase === 'ready'
        ? state
        : { ...state, phase: 'speaking', run: state.run + 1, failed: false };
    case 'next':
      return state.phase === 'ready' ? state : nextWord(state);
    case 'failed':
      return state.phase === 'speaking' ? { ...state, phase: 'paused', failed: true } : state;
  }
}
