import { MESSAGES } from '@spellwell/shared';
import { useEffect, useReducer } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { readSpeakingSettings } from '../../../lib/speaking-settings';
import { dictationReducer, initialDictation } from '../lib/dictation-reducer';
import type { DictationServices, SheetWord } from '../services';
import { PauseChooser } from './pause-chooser';
import styles from './dictation.module.css';

interface Props {
  childId: string;
  childName: string | undefined;
  listName: string;
  words: SheetWord[];
  /** Said above Start when the words are not simply "the words due now". */
  note: string | null;
  practiceHref: string;
  pauseSeconds: number;
  services: DictationServices;
  onDone: () => void;
}

/**
 * The parent's recording when there is one, at the child's speed (issue 22). Each word is said
 * twice by the dictation itself, so the "say twice" setting is not applied again.
 */
const voiceOf = (childId: string, w: SheetWord) => ({
  recording: w.hasRecording ? { childId, wordId: w.id } : undefined,
  speed: readSpeakingSettings(childId).speed,
  reading: w.reading,
});

/**
 * Reads every word twice with the child's pause after each reading, showing only its number
 * ("Word 3 of 12"), never the word. Pause, Repeat and Next; the screen stays awake meanwhile.
 */
export function DictationRun({
  childId,
  childName,
  listName,
  words,
  note,
  practiceHref,
  pauseSeconds,
  services,
  onDone,
}: Props) {
  const { useWordAudio, useWakeLock } = services;
  const audio = useWordAudio();
  const [state, dispatch] = useReducer(dictationReducer, words.length, initialDictation);
  const running = state.phase !== 'ready' && state.phase !== 'done';
  useWakeLock(running);
  const word = words[state.index];
  const { play, stop, prefetch, audioRef, status } = audio;

  // Speaking: play the word, and move to the pause when it has been heard to the end.
  useEffect(() => {
    if (state.phase !== 'speaking' || !word) return;
    const element = audioRef.current;
    const onEnded = () => dispatch({ type: 'spoken' });
    element?.addEventListener('ended', onEnded);
    void play(word.wordString, word.language, voiceOf(childId, word));
    return () => element?.removeEventListener('ended', onEnded);
  }, [state.phase, state.run, word, play, audioRef, childId]);

  useEffect(() => {
    if (status === 'failed') dispatch({ type: 'failed' });
  }, [status]);

  // Waiting: the child writes; the next word is fetched meanwhile so it starts on time.
  useEffect(() => {
    if (state.phase !== 'waiting') return;
    const following = words[state.index + 1];
    if (state.reading === 2 && following)
      prefetch(following.wordString, following.language, voiceOf(childId, following));
    const timer = setTimeout(() => dispatch({ type: 'waited' }), pauseSeconds * 1000);
    return () => clearTimeout(timer);
  }, [state.phase, state.run, state.index, state.reading, words, pauseSeconds, prefetch, childId]);

  useEffect(() => {
    if (state.phase === 'done') onDone();
  }, [state.phase, onDone]);

  const act = (type: 'pause' | 'resume' | 'repeat' | 'next') => {
    stop();
    dispatch({ type });
  };

  // One <audio> element for the whole dictation (always the main's last child), so the player
  // keeps its source when the setup gives way to the dictation.
  const player = <audio ref={audioRef} data-testid="word-audio" preload="auto" hidden />;

  if (state.phase === 'ready') {
    return (
      <main className={styles.page}>
        <div className={styles.setup}>
          <p className={styles.kicker}>{childName ? `${childName} · ${listName}` : listName}</p>
          <h1 className={styles.title}>Dictation</h1>
          <p>
            {words.length === 1 ? '1 word' : `${words.length} words`}, each read twice. Your child writes them
            all down; after the last word you grade the whole sheet.
          </p>
          {note ? <p className={styles.note}>{note}</p> : null}
          <PauseChooser childId={childId} pauseSeconds={pauseSeconds} />
          <Button size="lg" block onClick={() => dispatch({ type: 'start' })}>
            Start
          </Button>
          <Link to={practiceHref}>Back to practice</Link>
        </div>
        {player}
      </main>
    );
  }

  const paused = state.phase === 'paused';
  const statusText = paused
    ? 'Paused'
    : state.phase === 'waiting'
      ? 'Write the word'
      : state.reading === 1
        ? 'Listen'
        : 'Listen again';
  return (
    <main className={`${styles.page} ${styles.dark}`}>
      <div className={styles.run}>
        <p className={styles.kicker}>{childName ? `${childName} · ${listName}` : listName}</p>
        <h1 className={styles.number} aria-live="polite">
          Word {Math.min(state.index + 1, words.length)} of {words.length}
        </h1>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Dictation progress"
          aria-valuemin={0}
          aria-valuemax={words.length}
          aria-valuenow={state.index}
        >
          <span style={{ width: `${(state.index / Math.max(words.length, 1)) * 100}%` }} />
        </div>
        <p className={styles.status} data-testid="dictation-status">
          {statusText}
        </p>
        {state.failed ? <Alert tone="error">{MESSAGES.failedToFetchAudio}</Alert> : null}
        <div className={styles.controls}>
          <Button size="lg" block onClick={() => act(paused ? 'resume' : 'pause')}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <div className={styles.pair}>
            <Button size="lg" variant="secondary" block onClick={() => act('repeat')}>
              Repeat
            </Button>
            <Button size="lg" variant="secondary" block onClick={() => act('next')}>
              Next
            </Button>
          </div>
        </div>
      </div>
      {player}
    </main>
  );
}
