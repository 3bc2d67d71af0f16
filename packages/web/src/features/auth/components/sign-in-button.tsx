import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthConfig } from '../api/get-auth-config';
import { DemoSignInButton } from './demo-sign-in-button';
import { GoogleSignInButton } from './google-sign-in-button';
import styles from './sign-in.module.css';

/** Google's button, or the demo account when the server offers that instead. */
export function SignInButton() {
  const config = useAuthConfig();
  if (config.isPending) return <Spinner label="Loading sign-in" />;
  if (config.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>Sign-in is not available right now.</p>
        <Button variant="secondary" size="sm" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (config.data.googleClientId) return <GoogleSignInButton clientId={config.data.googleClientId} />;
  if (config.data.demoLogin) return <DemoSignInButton />;
  return (
    <p className={styles.problem} role="alert">
      Sign-in is not set up on this server.
    </p>
  );
}
