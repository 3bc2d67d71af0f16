import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';

/** /dashboard: the installed app's start address, which leads to the signed-in parent's own. */
export function Component() {
  const { userId } = useAuth();
  return <Navigate to={userId ? paths.dashboard.getHref(userId) : paths.login.getHref()} replace />;
}
