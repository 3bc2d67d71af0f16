import { Link } from 'react-router';
import styles from './not-found-state.module.css';

interface NotFoundStateProps {
  /** "Practice not found", "Child not found". */
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
}

/**
 * What a page shows when the child or practice in its URL does not exist (a deleted one, an old
 * link, a typo): say so plainly and give the way back, never a form that fails on save or a
 * "Try again" that cannot help.
 */
export function NotFoundState({ title, message, backHref, backLabel }: NotFoundStateProps) {
  return (
    <main className={`page ${styles.state}`}>
      <h1>{title}</h1>
      <p>{message}</p>
      <Link to={backHref} className={styles.back}>
        {backLabel}
      </Link>
    </main>
  );
}
