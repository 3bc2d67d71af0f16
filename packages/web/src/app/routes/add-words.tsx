import { Link, useParams } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { useWordSets } from '../../features/dashboard/api/get-word-sets';
import { AddPracticeForm } from '../../features/word-sets/components/add-practice-form';
import styles from './word-set-page.module.css';

/** /add-words/{childId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const { user, userId, isAdmin } = useAuth();
  const dashboard = userId ? paths.dashboard.getHref(userId) : paths.home.getHref();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  // The child's practices, to warn before one is added twice (usually already cached).
  const wordSets = useWordSets(userId ?? '');
  const existing = wordSets.data?.find((child) => child.id === childId)?.wordSets ?? [];
  return (
    <main className={`page ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Add New Practice</h1>
          {childName ? <p className={styles.subtitle}>For {childName}</p> : null}
        </div>
        <Link to={dashboard} className={styles.close} aria-label="Close">
          <CloseIcon />
        </Link>
      </header>
      <AddPracticeForm
        key={childId}
        childId={childId}
        parentId={userId ?? ''}
        isAdmin={isAdmin}
        existing={existing}
        childName={childName}
        // Back on the dashboard with this child's tab open, where the new practice is listed.
        dashboardHref={`${dashboard}?child=${encodeURIComponent(childId)}`}
      />
    </main>
  );
}
