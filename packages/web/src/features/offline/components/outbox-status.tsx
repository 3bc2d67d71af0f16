import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { keptSince, subscribeKept } from '../../../lib/kept-state';
import { dismissRefused, flushOutbox, outboxState, subscribeOutbox } from '../outbox/outbox-lazy';
import styles from './outbox-status.module.css';

const grades = (n: number) => `${n} ${n === 1 ? 'grade' : 'grades'}`;

/** While grades wait, how often to try again even without an "online" event (a server that was down). */
const RETRY_MS = 30_000;

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

const clock = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Says when the app is offline and what that means: the page shows the answers SpellWell kept
 * (lib/kept-answers.ts) and from when; with `changes` (the pages that make them), that changes
 * need a connection; how many grades wait in the outbox (outbox/parent-outbox.ts). Sends them when the
 * network returns (and on opening a signed-in page, for grades a closed tab left behind), says
 * when they have synced, and reports any the server refused.
 */
export function OutboxStatus({ changes = false }: { changes?: boolean }) {
  const { waiting, refused, synced } = useSyncExternalStore(subscribeOutbox, outboxState);
  const online = useOnline();
  const keptAt = useSyncExternalStore(subscribeKept, keptSince);

  useEffect(() => {
    if (online) void flushOutbox();
  }, [online]);
  useEffect(() => {
    if (!online || waiting === 0) return;
    const timer = setInterval(() => void flushOutbox(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, waiting]);

  return (
    <div className={styles.status}>
      {!online ? (
        <Alert title="You're offline">
          <div className={styles.lines}>
            {keptAt !== null ? <p>{`Offline — showing what SpellWell had at ${clock(keptAt)}.`}</p> : null}
            <p>
              {waiting > 0
                ? `${grades(waiting)} will sync when you're back online.`
                : 'Practice carries on; grades will sync when you’re back online.'}
            </p>
            {changes ? <p>Adding or changing children, practices and scans needs a connection.</p> : null}
          </div>
        </Alert>
      ) : waiting > 0 ? (
        <Alert>{`Syncing ${grades(waiting)}…`}</Alert>
      ) : synced > 0 ? (
        <Alert tone="success">{`${grades(synced)} synced.`}</Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert
          tone="error"
          title={`${grades(refused.length)} could not be saved`}
          action={
            <Button size="sm" variant="secondary" onClick={() => void dismissRefused()}>
              Dismiss
            </Button>
          }
        >
          <ul>
            {refused.map(({ grade, message }) => (
              <li key={grade.payload.idempotencyKey}>
                {grade.word ? `${grade.word}: ` : ''}
                {message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
