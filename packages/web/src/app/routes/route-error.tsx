import { Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import styles from './simple-page.module.css';

/** Shown when a route fails to load (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.warn(error);
  return (
    <main className="page">
      <h1>Something went wrong</h1>
      <p className={styles.text}>Please reload the page. If it keeps happening, go back to the start.</p>
      <p className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/">Go to the start</Link>
      </p>
    </main>
  );
}
