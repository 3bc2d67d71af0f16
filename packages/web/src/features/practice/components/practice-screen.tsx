import type { ChildPronoun, Language, PracticeSession, WordSetDetail } from '@spellwell/shared';
import { MESSAGES } from '@spellwell/shared';
import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PlayIcon } from '../../../components/ui/icons';
import { useSpeakingSettings } from '../../../lib/speaking-settings';
import { paths } from '../../../config/paths';
import { lazyComponent } from '../../../lib/lazy-component';
import { afterPaint, firstScreenDrawn, useFirstScreenDrawn } from '../../../lib/first-screen';
import { useAutoPlay } from '../hooks/use-auto-play';
import { SpeakingSettingsControls } from './speaking-settings-controls';
import { usePracticeController } from '../hooks/use-practice-controller';
import { usePracticeKeys } from '../hooks/use-practice-keys';
import { useWakeLock } from '../hooks/use-wake-lock';
import { useWordAudio } from '../hooks/use-word-audio';
import { PinyinToggle } from '../pinyin/pinyin-toggle';
import { questionNumber, dueWordsDone } from '../lib/session-reducer';
import { Congratulations } from './congratulations';
import { GradeButtons } from './grade-buttons';
import { KeyboardHint } from './keyboard-hint';
import { QuestionHeader } from './question-header';
import { UndoChip } from './undo-chip';
import { WordCard } from './word-card';
import type { FinishView as FinishViewType } from './finish-view';
import styles from './practice-screen.module.css';

// The finish screen's summary, the Word List and the Start-over dialog load just after the
// page (fetched as it mounts), so the practice page's initial JavaScript keeps to its budget.
const loadFinishView = () => import('./finish-view');
const FinishView = lazyComponent(
  () => loadFinishView().then((m) => m.FinishView),
  // Without its code (offline before it came), the specification's texts still show.
  ({ children }: ComponentProps<typeof FinishViewType>) => <>{children(null)}</>,
);
const WordListDialog = lazyComponent(
  () => import('./word-list-dialog').then((m) => m.WordListDialog),
  () => null,
);
// Stroke order and the stroke quiz (issue 21): Chinese words only, so other languages never
// fetch it, and hanzi-writer loads after it.
const StrokesPanel = lazyComponent(
  () => import('../../strokes/components/strokes-panel').then((m) => m.StrokesPanel),
  () => null,
);
const ConfirmDialog = lazyComponent(
  () => import('../../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog),
  () => null,
);

interface Props {
  childId: string;
  wordSetId: string;
  detail: WordSetDetail;
  session: PracticeSession;
  /** Only the chosen words, leaving the set's stored session alone (use-practice-controller). */
  focused?: boolean;
  /** Each word's language, for a practice across sets (trouble words); else the set's. */
  languageOf?: (wordId: string) => Language | undefined;
  /** The header's name for the practice; the set's description unless told. */
  listName?: string;
  childName: string | undefined;
  childPronoun?: ChildPronoun | undefined;
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
  focused = false,
  languageOf,
  listName,
  childName,
  childPronoun,
  onLeave,
  onStartOver,
}: Props) {
  const practice = usePracticeController({ childId, wordSetId, detail, session, focused });
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
  // The first question is up: what can wait starts now (lib/first-screen.ts).
  useEffect(() => afterPaint(firstScreenDrawn), []);
  const drawn = useFirstScreenDrawn();
  // The finish screen's code is fetched then, while the network is surely there.
  useEffect(() => {
    if (drawn) void loadFinishView().catch(() => undefined);
  }, [drawn]);
  const languageFor = (wordId: string | undefined) =>
    (wordId ? languageOf?.(wordId) : undefined) ?? detail.language;
  const nextString = nextWord?.wordString;
  const nextLanguage = languageFor(nextWord?.id);
  // The parent's recording when there is one (issue 22), the synthesised voice otherwise.
  const nextRecording = nextWord?.hasRecording ? { childId, wordId: nextWord.id } : undefined;
  const [speaking, setSpeaking] = useSpeakingSettings(childId);
  const nextPinyin = nextWord?.reading;
  const reading = audio.status === 'reading';
  useEffect(() => {
    // Not while this word is being fetched: on a busy server the two would compete.
    if (nextString === undefined || reading) return;
    const timer = setTimeout(
      () =>
        prefetch(nextString, nextLanguage, {
          recording: nextRecording,
          speed: speaking.speed,
          reading: nextPinyin,
        }),
      PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nextRecording is made anew each render; its word is in nextString
  }, [state.index, nextString, nextPinyin, reading, nextLanguage, prefetch, speaking.speed]);

  const leave = () => {
    wakeLock.release();
    onLeave();
  };
  const play = () => {
    if (word && audio.status !== 'reading')
      void audio.play(word.wordString, languageFor(word.id), {
        recording: word.hasRecording ? { childId, wordId: word.id } : undefined,
        speed: speaking.speed,
        twice: speaking.twice,
        reading: word.reading,
      });
  };

  // "Play each word automatically": each new question after the parent's first tap speaks
  // itself (the browser allows sound once the page has been used), so a word takes two taps.
  const [autoPlay, setAutoPlay] = useAutoPlay(childId);
  const playRef = useRef(play);
  playRef.current = play;
  const firstIndex = useRef(state.index);
  // The Strokes panel fits its 田字格 above the grade buttons (issue 35).
  const gradeButtonsRef = useRef<HTMLDivElement>(null);
  const gradeButtons = useCallback(() => gradeButtonsRef.current, []);
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

  // The dialogs' code loads once the first question is up, or when one is opened before that.
  const wordList = (drawn || listOpen) && (
    <Suspense fallback={null}>
      <WordListDialog
        open={listOpen}
        words={practice.words}
        language={detail.language}
        plannedReviews={detail.plannedReviews}
        childName={childName}
        childPronoun={childPronoun}
        onClose={() => setListOpen(false)}
        // A practice across sets (trouble words) has no one set to record into.
        childId={childId}
        wordSetId={languageOf ? undefined : wordSetId}
      />
    </Suspense>
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
    const congratulations = (summary: ReactNode) => (
      <Congratulations
        graded={state.graded}
        count={state.wordIds.length}
        onBack={leave}
        onPractiseAgain={() => onStartOver(practice.startOver)}
      >
        {summary}
      </Congratulations>
    );
    return (
      <main className={styles.page}>
        {/* The specification's texts at once; the summary joins them when its code is in. */}
        <Suspense fallback={congratulations(null)}>
          <FinishView
            childId={childId}
            detail={detail}
            outcomes={practice.outcomes}
            wordsById={practice.wordsById}
            reading={audio.status === 'reading'}
            onPlay={(w) => void audio.play(w.wordString, detail.language)}
          >
            {congratulations}
          </FinishView>
        </Suspense>
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
        listName={listName ?? detail.description}
        language={detail.language}
        onBack={leave}
        onOpenWordList={() => setListOpen(true)}
      />
      <WordCard
        id={wordRegionId}
        word={word.wordString}
        language={languageFor(word.id)}
        shown={state.shown}
        pinyin={showPinyin ? word.reading : null}
      />
      {languageFor(word.id) === 'Chinese' && <PinyinToggle checked={showPinyin} onChange={setShowPinyin} />}
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
        {languageFor(word.id) === 'Chinese' && (
          // Holds the idle panel's room while its code loads: arriving late, it must not push
          // the grade buttons down under the parent's finger.
          <div className={styles.strokes}>
            <Suspense fallback={null}>
              <StrokesPanel
                key={`${state.index}:${word.id}`}
                word={word.wordString}
                shown={state.shown}
                disabled={practice.pending}
                onGrade={practice.grade}
                gradeButtons={gradeButtons}
              />
            </Suspense>
          </div>
        )}
        <div ref={gradeButtonsRef}>
          <GradeButtons disabled={practice.pending} onGrade={practice.grade} />
        </div>
        <UndoChip
          lastGrade={practice.lastGrade}
          undoing={practice.undoing}
          onUndo={() => void practice.undo()}
          languageOf={(wordId) => languageOf?.(wordId) ?? detail.language}
        />
        {practice.undoError ? <Alert tone="error">{practice.undoError}</Alert> : null}
        <div className={styles.quietRow}>
          <button type="button" className={styles.quiet} onClick={practice.skip} aria-keyshortcuts="S">
            Skip Word
          </button>
          <button type="button" className={styles.quiet} onClick={() => setConfirmStartOver(true)}>
            Start over
          </button>
          {/* Issue 20: the same words as a school dictation, graded on one sheet afterwards. */}
          <Link className={styles.quiet} to={paths.dictation.getHref(childId, wordSetId)}>
            Dictation
          </Link>
        </div>
        <label className={styles.autoPlay}>
          <input type="checkbox" checked={autoPlay} onChange={(event) => setAutoPlay(event.target.checked)} />
          Play each word automatically
        </label>
        <SpeakingSettingsControls settings={speaking} onChange={setSpeaking} />
      </div>
      {dueWordsDone(state) && (
        <p className={styles.note} role="status">
          {state.dueCount === 0
            ? 'No words are due today, so this is all extra practice.'
            : 'All the words due today are done. The rest is extra practice: stop here or keep going.'}
        </p>
      )}
      {alerts}
      {(drawn || confirmStartOver) && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
      <KeyboardHint />
      {wordList}
      {/* One element for every word; tests observe it playing. */}
      <audio ref={audio.audioRef} data-testid="word-audio" preload="auto" hidden />
    </main>
  );
}
