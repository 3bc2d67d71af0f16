import { Link, useParams } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { NotFoundState } from '../../components/ui/not-found-state';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { useWordSets } from '../../features/dashboard/api/get-word-sets';
import { useSharedPhoto } from '../../features/offline/use-shared-photo';
import { AddSharedList } from '../../features/shared-lists/components/add-shared-list';
import { AddPracticeForm } from '../../features/word-sets/components/add-practice-form';
import styles from './word-set-page.module.css';

/** /add-words/{childId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const { user, userId, isAdmin } = useAuth();
  // Every way back opens this child's tab, never the first child's.
  const childDashboard = userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref();
  // The child's practices, to warn before one is added twice (usually already cached).
  const wordSets = useWordSets(userId ?? '');
  const child = wordSets.data?.find((c) => c.id === childId);
  const existing = child?.wordSets ?? [];
  const childName = child?.name ?? user?.children.find((c) => c.id === childId)?.name;
  // Opened by "Share to SpellWell" (`?shared=1`): the photo waiting in storage, taken once.
  const sharedPhoto = useSharedPhoto();
  // Judged on fresh data only: a child added a moment ago may not be in an older copy.
  if (wordSets.isSuccess && !wordSets.isFetching && !child) {
    return (
      <NotFoundState
        title="Child not found"
        message="This child is not on your account: they may have been removed, or the link is wrong."
        backHref={userId ? paths.dashboard.getHref(userId) : paths.home.getHref()}
        backLabel="Back to dashboard"
      />
    );
  }
  return (
    <main className={`page ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Add New Practice</h1>
          {childName ? <p className={styles.subtitle}>For {childName}</p> : null}
        </div>
        <Link to={childDashboard} className={styles.close} aria-label="Close">
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
        dashboardHref={childDashboard}
        sharedPhoto={sharedPhoto}
        officialFilter={child ? { school: child.school, languages: child.languages } : undefined}
      />
      <AddSharedList childId={childId} />
    </main>
  );
}
