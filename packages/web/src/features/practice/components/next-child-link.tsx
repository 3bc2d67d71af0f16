import { createContext, type ComponentType } from 'react';
import { Link } from 'react-router';
import styles from './finish-summary.module.css';

/**
 * Where the finish screen's "Next: <child>" comes from: the route composes it from the
 * dashboard's data (features do not import each other). Nothing when not provided.
 */
export const NextChildSlot = createContext<ComponentType<{ childId: string }> | null>(null);

interface Props {
  name: string;
  due: number;
  href: string;
}

/** "Next: Arun · 2 words due": straight to the other child's practice (or tab). */
export function NextChildLink({ name, due, href }: Props) {
  return (
    <Link className={styles.next} to={href}>
      <span>Next: {name}</span>
      <span className={styles.nextDue}>{due === 1 ? '1 word due' : `${due} words due`}</span>
    </Link>
  );
}
