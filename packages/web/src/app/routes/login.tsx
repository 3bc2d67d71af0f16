import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { useAuth } from '../../features/auth/use-auth';
import styles from './simple-page.module.css';

/** `/login`: where the guard sends signed-out visitors. */
export function Component() {
  const { status, userId } = useAuth();
  if (status === 'authenticated' && userId) return <Navigate to={paths.dashboard.getHref(userId)} replace />;
  return (
    <main className="page">
      <h1>Sign in</h1>
      <Card>
        <p className={styles.text}>Please login first to access your dashboard.</p>
        {status === 'loading' ? <Spinner label="Checking your sign-in" /> : <SignInButton />}
      </Card>
    </main>
  );
}
