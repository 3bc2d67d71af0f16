import type { PracticeSession, WordSetDetail } from '@spellwell/shared';
import { MESSAGES } from '@spellwell/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PlayIcon } from '../../../components/ui/icons';
import { useAutoPlay } from '../hooks/use-auto-play';
import { usePracticeController } from '../hooks/use-practice-controller';
import { usePracticeKeys } from '../hooks/use-practice-keys';
import { useWakeLock } from '../hooks/use-wake-lock';
import { useWordAudio } from '../hooks/use-word-audio';
import { PinyinToggle } from '../pinyin/pinyin-toggle';
import { questionNumber, dueWordsDone } from '../lib/session-reducer';
import { Congratulations } from './congratulations';
import { FinishView } from './finish-view';
import { GradeButtons } from './grade-buttons';
import { KeyboardHint } from './keyboard-hint';
import { QuestionHeader } from './question-header';
import { UndoChip } from './undo-chip';
import { WordCard } from './word-card';
import { WordListDialog } from './word-list-dialog';
import styles from './practice-screen.module.css';

interface Props {
  childId: string;
  wordSetId: string;
  detail: WordSetDetail;
  session: PracticeSession;
  childName: string | undefined;
  onLeave: () => void;
  onStartOver: (clear: () => Promise<unknown>) => void;
}

// Long enough that Play for the word just shown goes first; short next to writing a word.
const PREFETCH_DELAY_MS = 400;

export function PracticeScreen({
  childId,
  wordSetId,
  detail,
  session,
  childName,
  onLeave,
  onStartOver,
}: Props) {
  const practice = usePracticeController({ childId, wordSetId, detail, session });
  const { state, word, nextWord, finished } = practice;
  const audio = useWordAudio();
  const wakeLock = useWakeLock(!finished);
  const [listOpen, setListOpen] = useState(false);
  const [showPinyin, setShowPinyin] = useState(false);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const wordRegionId = useId();
  const { stop: stopAudio, prefetch } = audio;

  // A new question: silence the last word, and fetch the next one while the child writes.
  useEffect(() => stopAudio(), [state.index, stopAudio]);
  const nextString = nextWord?.wordString;
  const nextPinyin = nextWord?.reading;
  const reading = audio.status === 'reading';
  useEffect(() => {
    // Not while this word is being fetched: on a busy server the two would compete.
    if (nextString === undefined || reading) return;
    const timer = setTimeout(() => prefetch(nextString, detail.language, nextPinyin), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.index, nextString, nextPinyin, reading, detail.language, prefetch]);

  const leave = () => {
    wakeLock.release();
    onLeave();
  };
  const play = () => {
    if (word && audio.status !== 'reading') void audio.play(word.wordString, detail.language, word.reading);
  };

  // "Play each word automatically": each new question after the parent's first tap speaks
  // itself (the browser allows sound once the page has been used), so a word takes two taps.
  const [autoPlay, setAutoPlay] = useAutoPlay(childId);
  const playRef = useRef(play);
  playRef.current = play;
  const firstIndex = useRef(state.index);
  useEffect(() => {
    if (autoPlay && state.index !== firstIndex.current) playRef.current();
  }, [autoPlay, state.index]);

  usePracticeKeys(!finished && !practice.stale && !confirmStartOver, (command) => {
    if (command.type === 'grade') {
      if (!practice.pending) practice.grade(command.grade);
    } else if (command.type === 'undo') void practice.undo();
    else if (command.type === 'skip') practice.skip();
    else if (command.type === 'toggle-word') practice.toggleWord();
    else play();
  });

  const alerts = (
    <>
      {practice.failedCount > 0 && (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void practice.retryFailed()}>
              Retry
            </Button>
          }
        >
          {practice.failedCount === 1 ? 'A grade was' : `${practice.failedCount} grades were`} not saved.
          Check the connection and try again.
        </Alert>
      )}
      {practice.statsFailed && (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={practice.retryStats}>
              Retry
            </Button>
          }
        >
          Today&apos;s statistics were not saved.
        </Alert>
      )}
    </>
  );

  const wordList = (
    <WordListDialog
      open={listOpen}
      words={practice.words}
      language={detail.language}
      onClose={() => setListOpen(false)}
    />
  );

  if (practice.stale && !finished) {
    return (
      <main className={styles.page}>
        <Alert
          tone="info"
          title="This page is out of date."
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        >
          This practice is open in another tab or has moved on on another device. Reload to carry on from
          where it is now, so no word is graded twice.
        </Alert>
      </main>
    );
  }

  if (finished || !word) {
    return (
      <main className={styles.page}>
        <FinishView
          childId={childId}
          detail={detail}
          outcomes={practice.outcomes}
          wordsById={practice.wordsById}
          reading={audio.status === 'reading'}
          onPlay={(w) => void audio.play(w.wordString, detail.language)}
        >
          {(summary) => (
            <Congratulations
              graded={state.graded}
              count={state.wordIds.length}
              onBack={leave}
              onPractiseAgain={() => onStartOver(practice.startOver)}
            >
              {summary}
            </Congratulations>
          )}
        </FinishView>
        {alerts}
        {wordList}
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <QuestionHeader
        question={questionNumber(state)}
        count={state.wordIds.length}
        childName={childName}
        listName={detail.description}
        language={detail.language}
        onBack={leave}
        onOpenWordList={() => setListOpen(true)}
      />
      <WordCard
        id={wordRegionId}
        word={word.wordString}
        language={detail.language}
        shown={state.shown}
        pinyin={showPinyin ? word.reading : null}
      />
      {detail.language === 'Chinese' && <PinyinToggle checked={showPinyin} onChange={setShowPinyin} />}
      <div className={styles.controls}>
        <Button
          size="lg"
          block
          icon={<PlayIcon />}
          onClick={play}
          disabled={audio.status === 'reading'}
          aria-keyshortcuts="P"
        >
          {audio.status === 'reading' ? 'Reading' : 'Play Word'}
        </Button>
        {audio.status === 'failed' && (
          <p className={styles.audioError} role="alert">
            {MESSAGES.failedToFetchAudio}
          </p>
        )}
        <Button
          variant="secondary"
          block
          onClick={practice.toggleWord}
          aria-expanded={state.shown}
          aria-controls={wordRegionId}
          aria-keyshortcuts="Space"
        >
          {state.shown ? 'Hide Word' : 'Show Word'}
        </Button>
        <GradeButtons disabled={practice.pending} onGrade={practice.grade} />
        <UndoChip
          lastGrade={practice.lastGrade}
          undoing={practice.undoing}
          onUndo={() => void practice.undo()}
        />
        {practice.undoError ? <Alert tone="error">{practice.undoError}</Alert> : null}
        <div className={styles.quietRow}>
          <button type="button" className={styles.quiet} onClick={practice.skip} aria-keyshortcuts="S">
            Skip Word
          </button>
          <button type="button" className={styles.quiet} onClick={() => setConfirmStartOver(true)}>
            Start over
          </button>
        </div>
        <label className={styles.autoPlay}>
          <input type="checkbox" checked={autoPlay} onChange={(event) => setAutoPlay(event.target.checked)} />
          Play each word automatically
        </label>
      </div>
      {dueWordsDone(state) && (
        <p className={styles.note} role="status">
          {state.dueCount === 0
            ? 'No words are due today, so this is all extra practice.'
            : 'All the words due today are done. The rest is extra practice: stop here or keep going.'}
        </p>
      )}
      {alerts}
      <ConfirmDialog
        open={confirmStartOver}
        title="Start over?"
        description={`${childName ? `${childName}'s` : 'The'} place in this list goes back to the first word, in a fresh order. Grades already given stay.`}
        confirmLabel="Start over"
        onCancel={() => setConfirmStartOver(false)}
        onConfirm={() => {
          setConfirmStartOver(false);
          onStartOver(practice.startOver);
        }}
      />
      <KeyboardHint />
      {wordList}
      {/* One element for every word; tests observe it playing. */}
      <audio ref={audio.audioRef} data-testid="word-audio" preload="auto" hidden />
    </main>
  );
}
