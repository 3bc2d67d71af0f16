import { Button } from '../../../components/ui/button';
import { useDevLogin } from '../api/dev-login';
import { useCompleteSignIn } from './use-complete-sign-in';
import styles from './sign-in.module.css';

/** Everyone who uses the demo shares this account; it exists only on a local server. */
export const DEMO_EMAIL = 'demo@spellwell.local';

/** Offered instead of Google's button when the server has no Google client id (local use). */
export function DemoSignInButton() {
  const completeSignIn = useCompleteSignIn();
  const login = useDevLogin({ onSuccess: completeSignIn });
  return (
    <div className={styles.wrap}>
      <Button
        size="lg"
        loading={login.isPending}
        onClick={() => login.mutate({ email: DEMO_EMAIL, name: 'Demo Parent' })}
      >
        {login.isPending ? 'Signing in…' : 'Continue with demo account'}
      </Button>
      <p className={styles.note}>
        Demo mode: this server has no Google sign-in set up, so everyone here shares one demo account.
      </p>
      {login.isError ? (
        <p className={styles.problem} role="alert">
          Signing in did not work. Please try again.
        </p>
      ) : null}
    </div>
  );
}
