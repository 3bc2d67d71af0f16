import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { linkKaiFont } from '../../../lib/kai-font';
import { useAuth } from '../use-auth';

/**
 * The guard of the dashboard, practice, edit and add-words routes (specification section 2):
 * nothing while the sign-in state loads, /login when signed out, /unauthorised when the
 * route's parentId is not the signed-in parent. Children and word sets of another parent are
 * refused by the API itself (404).
 *
 * `preload` starts loading the page's code while /auth/me is answered, so a first visit
 * (a bookmarked practice page) waits for the two side by side rather than one after the other.
 * Every page behind it may show Chinese words: it links the Kai face's stylesheet (lib/kai-font).
 */
export function ProtectedRoute({ preload }: { preload?: (pathname: string) => void }) {
  const { status, userId } = useAuth();
  const { parentId } = useParams();
  const { pathname } = useLocation();
  const checking = status === 'loading';
  useEffect(() => linkKaiFont(), []);
  useEffect(() => {
    if (checking) preload?.(pathname);
  }, [checking, preload, pathname]);
  if (checking) return null;
  if (status === 'unauthenticated') return <Navigate to={paths.login.getHref()} replace />;
  if (parentId !== undefined && parentId !== userId)
    return <Navigate to={paths.unauthorised.getHref()} replace />;
  return <Outlet />;
}
