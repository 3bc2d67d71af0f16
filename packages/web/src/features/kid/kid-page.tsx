import {
  normaliseAnswer,
  type KidAnswerBody,
  type KidAnswerResult,
  type KidNextWord,
  type KidPractice,
} from '@spellwell/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import {
  KidOffline,
  KidOutOfTurn,
  KidSignedOut,
  kidAudio,
  kidNextWord,
  kidPractice,
  kidToken,
  startKidSession,
} from './kid-api';
import type { KidOutbox } from './kid-outbox';
import { KidStrokes, type WrittenWord } from './kid-strokes';
import styles from './kid.module.css';

type Screen =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string }
  | { kind: 'sets'; practice: KidPractice }
  | { kind: 'word'; practice: KidPractice; wordSetId: string; word: KidNextWord }
  | { kind: 'done'; practice: KidPractice }
  /** No network: answers are kept (the outbox); back online, the child carries on here. */
  | { kind: 'offline'; practice?: KidPractice; wordSetId?: string };

/**
 * The child's own practice (issue 36): one big Play, a large input, letters marked green and
 * red, no parent navigation. Opened from a device pass's URL (`/kid/<secret>`), which signs
 * this device in as the child; leaving needs a parent to sign the device in again.
 */
export function KidPage({ secret, outbox }: { secret: string | undefined; outbox: KidOutbox }) {
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });

  const fail = useCallback(
    (error: unknown, practice?: KidPractice, wordSetId?: string) => {
      if (error instanceof KidSignedOut) {
        setScreen({ kind: 'signed-out' });
        // The device's session has ended: its kept answers go with it.
        void outbox.forget();
      } else if (error instanceof KidOffline) setScreen({ kind: 'offline', practice, wordSetId });
      else setScreen({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    },
    [outbox],
  );

  const showSets = useCallback(() => {
    kidPractice().then((practice) => setScreen({ kind: 'sets', practice }), fail);
  }, [fail]);

  useEffect(() => {
    let live = true;
    const start = async () => {
      if (secret) {
        // The secret leaves the address bar (and history) at once: it works only once anyway.
        window.history.replaceState(null, '', '/kid');
        // A new pass is a new session: answers an ended one kept are not this one's to send.
        await outbox.forget();
        await startKidSession(secret);
        // This device is now the child's: a parent's session on it ends (leaving needs a parent).
        try {
          localStorage.removeItem('accessToken');
        } catch {
          // storage unavailable
        }
        await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(
          () => undefined,
        );
      } else if (!kidToken.get()) {
        throw new KidSignedOut();
      }
      // Answers kept offline by an earlier visit go first: the server counts attempts in order.
      if ((await outbox.flush()).outcome === 'signed-out') throw new KidSignedOut();
      const practice = await kidPractice();
      if (live) setScreen({ kind: 'sets', practice });
    };
    start().catch((error: unknown) => live && fail(error));
    return () => {
      live = false;
    };
  }, [secret, fail, outbox]);

  const next = useCallback(
    (practice: KidPractice, wordSetId: string) => {
      // A kept answer goes first, or the server would give its word again as if never answered.
      outbox
        .flush()
        .then(({ outcome }) => {
          if (outcome === 'signed-out') throw new KidSignedOut();
          return kidNextWord(wordSetId);
        })
        .then(
          (word) =>
            setScreen(word ? { kind: 'word', practice, wordSetId, word } : { kind: 'done', practice }),
          (error: unknown) => fail(error, practice, wordSetId),
        );
    },
    [fail, outbox],
  );

  // Back online: the kept answers are sent, in order, then the child carries on where they were.
  const offline = screen.kind === 'offline' ? screen : null;
  useEffect(() => {
    const carryOn = () => {
      void outbox.flush().then(({ outcome }) => {
        if (outcome === 'signed-out') fail(new KidSignedOut());
        else if (outcome === 'sent' && offline) {
          if (offline.practice && offline.wordSetId) next(offline.practice, offline.wordSetId);
          else showSets();
        }
      });
    };
    window.addEventListener('online', carryOn);
    return () => window.removeEventListener('online', carryOn);
  }, [offline, fail, next, showSets, outbox]);

  return (
    <main className={styles.page} data-testid="kid-page">
      {screen.kind === 'loading' ? <p className={styles.message}>Getting ready…</p> : null}
      {screen.kind === 'signed-out' ? (
        <>
          <h1 className={styles.hello}>Ask a parent</h1>
          <p className={styles.message}>
            This device is not signed in for practice. A parent can open a new pass from their SpellWell.
          </p>
        </>
      ) : null}
      {screen.kind === 'offline' ? (
        <>
          <h1 className={styles.hello}>You&apos;re offline.</h1>
          <p role="status" className={styles.message}>
            Your answers are saved.
          </p>
        </>
      ) : null}
      {screen.kind === 'error' ? (
        <p role="alert" className={styles.message}>
          Something went wrong: {screen.message}
        </p>
      ) : null}
      {screen.kind === 'sets' ? (
        <>
          <h1 className={styles.hello}>Hi {screen.practice.child.name}!</h1>
          {screen.practice.wordSets.length === 0 ? (
            <p className={styles.message}>No practice yet. Well done!</p>
          ) : (
            <ul className={styles.sets}>
              {screen.practice.wordSets.map((set) => (
                <li key={set.id}>
                  <Button
                    size="lg"
                    block
                    disabled={set.dueCount === 0}
                    onClick={() => next(screen.practice, set.id)}
                  >
                    {set.description} ({set.dueCount} {set.dueCount === 1 ? 'word' : 'words'})
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {screen.kind === 'word' ? (
        <KidWord
          outbox={outbox}
          key={screen.word.id}
          word={screen.word}
          onNext={() => next(screen.practice, screen.wordSetId)}
          onError={(error) => fail(error, screen.practice, screen.wordSetId)}
        />
      ) : null}
      {screen.kind === 'done' ? (
        <>
          <h1 className={styles.hello}>All done for today!</h1>
          <Button size="lg" onClick={showSets}>
            Back to my practices
          </Button>
        </>
      ) : null}
    </main>
  );
}

function Marks({ result }: { result: KidAnswerResult }) {
  return (
    <p className={styles.marks} data-testid="kid-marks" aria-label={result.correct ? 'Right!' : 'Not quite'}>
      {result.marks.map((m, i) =>
        m.mark === 'missing' ? (
          <span key={i} className={styles.missing} data-mark="missing">
            _
          </span>
        ) : (
          <span key={i} className={m.mark === 'right' ? styles.right : styles.wrong} data-mark={m.mark}>
            {m.char}
          </span>
        ),
      )}
    </p>
  );
}

function KidWord({
  word,
  outbox,
  onNext,
  onError,
}: {
  word: KidNextWord;
  outbox: KidOutbox;
  onNext: () => void;
  onError: (error: unknown) => void;
}) {
  const [attempt, setAttempt] = useState(word.attempt);
  // One key per attempt: pressing Check again after a lost reply resends it, counted once.
  const answerId = useRef(newIdempotencyKey());
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<KidAnswerResult | null>(null);
  // Kept offline: only the server can mark it, so it is checked when the network is back.
  const [saved, setSaved] = useState(false);
  const [copy, setCopy] = useState('');
  const [sending, setSending] = useState(false);
  const [strokes, setStrokes] = useState<WrittenWord | null>(null);
  // Chinese words are written in the 田字格; typing (with a keyboard's input method) stays possible.
  const [typing, setTyping] = useState(false);
  const audio = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (audio.current) URL.revokeObjectURL(audio.current);
    },
    [],
  );

  const play = async () => {
    try {
      audio.current ??= await kidAudio(word.audioUrl);
      await new Audio(audio.current).play().catch(() => undefined);
    } catch (error) {
      onError(error);
    }
    input.current?.focus();
  };

  const send = (body: KidAnswerBody) => {
    const sentAnswer = 'answer' in body ? body.answer : '';
    setSending(true);
    outbox.send(word.id, body).then(
      (res) => {
        setSending(false);
        if (!res) {
          setSaved(true);
          return;
        }
        setResult(res);
        answerId.current = newIdempotencyKey();
        if (!res.correct && res.expected === undefined) {
          setAttempt(attempt + 1);
          // Clear only what was checked: a child who began the next try meanwhile keeps it.
          setAnswer((current) => (current === sentAnswer ? '' : current));
        }
      },
      (error: unknown) => {
        setSending(false);
        // Another screen of this device answered meanwhile: carry on from the server's count.
        if (error instanceof KidOutOfTurn) {
          answerId.current = newIdempotencyKey();
          setAttempt(error.attempt);
        } else onError(error);
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim() || sending) return;
    send({ answer, attempt, answerId: answerId.current });
  };

  const writeStrokes = (written: WrittenWord) => {
    setStrokes(written);
    send({ kind: 'strokes', ...written, attempt, answerId: answerId.current });
  };

  const finished = result?.expected !== undefined;
  // A word written in strokes was drawn right in the end: no copy to make.
  const copied =
    finished && (strokes !== null || normaliseAnswer(copy) === normaliseAnswer(result.expected ?? ''));
  const chinese = word.language === 'Chinese';
  if (saved) {
    return (
      <div className={styles.pass}>
        <p role="status" className={styles.message}>
          Saved — we&apos;ll check it when you&apos;re back online
        </p>
        <Button size="lg" block onClick={onNext}>
          Next word
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button className={styles.play} size="lg" block onClick={() => void play()}>
        ▶ Play
      </Button>
      {result ? <Marks result={result} /> : null}
      {!finished && chinese && !typing && strokes === null ? (
        <>
          <KidStrokes wordId={word.id} onWritten={writeStrokes} onError={onError} />
          <Button variant="ghost" onClick={() => setTyping(true)}>
            Type it instead
          </Button>
        </>
      ) : !finished && strokes !== null ? (
        <p className={styles.message}>Checking…</p>
      ) : !finished ? (
        <form onSubmit={submit} className={styles.pass}>
          {result && !result.correct ? <p className={styles.message}>Not quite. Try again!</p> : null}
          <input
            ref={input}
            className={styles.input}
            aria-label={`Type the word (try ${attempt} of 3)`}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            lang={word.language === 'Chinese' ? 'zh' : undefined}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
          />
          <Button type="submit" size="lg" block loading={sending}>
            Check
          </Button>
        </form>
      ) : (
        <div className={styles.pass}>
          <p className={styles.message}>
            {strokes
              ? `Written! ${strokes.mistakes === 0 ? 'No mistakes.' : strokes.mistakes === 1 ? '1 mistake.' : `${strokes.mistakes} mistakes.`}`
              : result.correct
                ? 'Right! Well done.'
                : 'Here is the word:'}
          </p>
          <p className={styles.expected} data-testid="kid-expected">
            {result.expected}
          </p>
          {strokes ? null : (
            <input
              className={styles.input}
              aria-label="Copy the word once"
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              value={copy}
              onChange={(e) => setCopy(e.target.value)}
            />
          )}
          <Button size="lg" block disabled={!copied} onClick={onNext}>
            Next word
          </Button>
        </div>
      )}
    </>
  );
}
