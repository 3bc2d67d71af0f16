import { browserTimeZone, localDate } from '@spellwell/shared';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthContext } from '../../auth/auth-context';
import { wordSetsQueryOptions } from '../../dashboard/api/get-word-sets';
import { nextChild } from '../lib/next-child';
import styles from './finish-summary.module.css';

/**
 * "Next: Arun" when another child of the parent has words due now: straight to their practice
 * (or their tab when several are due). Nothing while loading or on an error: it is a nicety.
 */
export function NextChildLink({ childId }: { childId: string }) {
  // The context, not useAuth: the screen also renders in tests without a signed-in parent.
  const parentId = useContext(AuthContext)?.userId ?? null;
  const sets = useQuery({ ...wordSetsQueryOptions(parentId ?? ''), enabled: parentId !== null });
  if (!parentId || !sets.data) return null;
  const next = nextChild(sets.data, childId, localDate(browserTimeZone()));
  if (!next) return null;
  const href = next.wordSetId
    ? paths.practice.getHref(next.childId, next.wordSetId)
    : paths.dashboard.getChildHref(parentId, next.childId);
  return (
    <Link className={styles.next} to={href}>
      <span>Next: {next.name}</span>
      <span className={styles.nextDue}>{next.due === 1 ? '1 word due' : `${next.due} words due`}</span>
    </Link>
  );
}
