import { Navigate, Outlet, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../use-auth';

/**
 * The guard of the dashboard, practice, edit and add-words routes (specification section 2):
 * nothing while the sign-in state loads, /login when signed out, /unauthorised when the
 * route's parentId is not the signed-in parent. Children and word sets of another parent are
 * refused by the API itself (404).
 */
export function ProtectedRoute() {
  const { status, userId } = useAuth();
  const { parentId } = useParams();
  if (status === 'loading') return null;
  if (status === 'unauthenticated') return <Navigate to={paths.login.getHref()} replace />;
  if (parentId !== undefined && parentId !== userId) return <Navigate to={paths.unauthorised.getHref()} replace />;
  return <Outlet />;
}
