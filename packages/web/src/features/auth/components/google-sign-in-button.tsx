import { GOOGLE_CREDENTIAL_MISSING } from '@spellwell/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useGoogleLogin } from '../api/google-login';
import { loadGoogleIdentity, type GoogleCredentialResponse } from '../lib/google-identity';
import { useCompleteSignIn } from './use-complete-sign-in';
import styles from './sign-in.module.css';

type Problem = 'load' | 'sign-in' | null;

/** Google's own "Sign in with Google" button; its credential is exchanged for our session. */
export function GoogleSignInButton({ clientId }: { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [attempt, setAttempt] = useState(0);
  const completeSignIn = useCompleteSignIn();
  const login = useGoogleLogin({ onSuccess: completeSignIn });
  // Stable across renders (TanStack Query), so Google is set up once per client id.
  const { mutate } = login;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !container.current) return;
        id.initialize({
          client_id: clientId,
          callback: (response: GoogleCredentialResponse) => {
            if (!response.credential) {
              console.error(GOOGLE_CREDENTIAL_MISSING);
              setProblem('sign-in');
              return;
            }
            setProblem(null);
            mutate(
              { credential: response.credential },
              {
                onError: (error) => {
                  console.error('Google login failed', error);
                  setProblem('sign-in');
                },
              },
            );
          },
        });
        id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          width: Math.min(320, container.current.clientWidth || 320),
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Google login failed', error);
        setProblem('load');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, attempt, mutate]);

  // Google's script did not load (offline, or blocked by an extension): one short line and a
  // retry in the space the button would take, so nothing below it moves (layout shift).
  if (problem === 'load') {
    return (
      <div className={styles.loadProblem} role="status">
        <p>Google sign-in could not be loaded.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setProblem(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.wrap}>
      <div ref={container} className={styles.google} aria-busy={login.isPending || undefined} />
      {login.isPending ? <p className={styles.note}>Signing in…</p> : null}
      {problem === 'sign-in' ? (
        <p className={styles.problem} role="status">
          Signing in did not work. Please try again.
        </p>
      ) : null}
    </div>
  );
}
