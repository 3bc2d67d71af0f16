import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';

/** Said on the dashboard when a photo was shared before any child was added. */
const ADD_CHILD_FIRST = 'Add your child first: a shared photo is scanned on their Add New Practice.';

/**
 * /dashboard: the installed app's start address, which leads to the signed-in parent's own.
 * With `?shared=1` (a photo shared to SpellWell, no child opened on this device yet, or a
 * sign-in in between) it leads to the first child's Add New Practice, which scans the photo.
 */
export function Component() {
  const { userId, user } = useAuth();
  const [searchParams] = useSearchParams();
  if (!userId) return <Navigate to={paths.login.getHref()} replace />;
  if (searchParams.has('shared')) {
    const first = user?.children[0];
    if (first) return <Navigate to={`${paths.addWords.getHref(first.id)}?shared=1`} replace />;
    return (
      <Navigate
        to={`${paths.dashboard.getHref(userId)}?child=add`}
        state={{ notice: ADD_CHILD_FIRST }}
        replace
      />
    );
  }
  return <Navigate to={paths.dashboard.getHref(userId)} replace />;
}
