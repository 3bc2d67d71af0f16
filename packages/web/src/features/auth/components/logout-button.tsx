import { Button } from '../../../components/ui/button';
import { reloadSignedOut } from '../../../lib/reload-signed-out';
import { useLogout } from '../api/logout';
import { useAuth } from '../use-auth';

/** Shown only when signed in. Whatever the server answers, the session ends here (specification section 4). */
export function LogoutButton() {
  const { status } = useAuth();
  const logout = useLogout({ onSettled: reloadSignedOut });
  if (status !== 'authenticated') return null;
  return (
    <Button variant="secondary" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? 'Logging Out' : 'Logout'}
    </Button>
  );
}
