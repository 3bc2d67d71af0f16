import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import styles from './simple-page.module.css';

/** `/unauthorised`: a parent opened a page of another parent's account. */
export function Component() {
  const { userId } = useAuth();
  return (
    <main className="page">
      <h1>This page is not yours</h1>
      <Card>
        <p className={styles.text}>
          This page belongs to another account, so it cannot be shown. Each parent sees only their own
          children and practice lists.
        </p>
        <p className={styles.text}>
          {userId ? (
            <Link to={paths.dashboard.getHref(userId)}>Go to your dashboard</Link>
          ) : (
            <Link to={paths.home.getHref()}>Go to the home page</Link>
          )}
        </p>
      </Card>
    </main>
  );
}
