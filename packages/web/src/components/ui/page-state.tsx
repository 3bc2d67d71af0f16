import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';
import { Spinner } from './spinner';
import styles from './page-state.module.css';

interface PageStateProps {
  /** The page's heading: "No words to practise", "Could not load this practice". */
  title?: string;
  /** What to say: a paragraph, a spinner. */
  children?: ReactNode;
  /** The ways on: a retry, a link back. */
  actions?: ReactNode;
  /** In a card, as the practice pages show their states. */
  framed?: boolean;
}

/**
 * What a page shows instead of itself while its data loads, when loading failed, or when there
 * is nothing to show: one heading, what happened, the ways on. A missing child or practice is
 * `NotFoundState`'s.
 */
export function PageState({ title, children, actions, framed = false }: PageStateProps) {
  return (
    <main className={framed ? `${styles.state} ${styles.framed}` : styles.state}>
      {title ? <h1>{title}</h1> : null}
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </main>
  );
}

/** A page waiting for its data: a spinner whose label screen readers hear. */
export function PageLoading({ label }: { label: string }) {
  return (
    <PageState>
      <Spinner label={label} />
    </PageState>
  );
}

interface PageErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
  back: { href: string; label: string };
  framed?: boolean;
}

/** Loading failed: the error's message as an alert, "Try Again" and the way back. */
export function PageError({ title, error, onRetry, back, framed }: PageErrorProps) {
  return (
    <PageState
      title={title}
      framed={framed}
      actions={
        <>
          <Button onClick={onRetry}>Try Again</Button>
          <Link to={back.href}>{back.label}</Link>
        </>
      }
    >
      <p role="alert">{error.message}</p>
    </PageState>
  );
}
