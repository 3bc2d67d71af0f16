import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { COPYRIGHT_YEAR, PRODUCT_NAME } from '../../config/env';
import { paths } from '../../config/paths';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useAuth } from '../../features/auth/use-auth';
import { Spinner } from '../ui/spinner';
import styles from './layout.module.css';

export function Layout() {
  const { reconnecting } = useAuth();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to={paths.home.getHref()} className={styles.wordmark}>
          {PRODUCT_NAME}
        </Link>
        <LogoutButton />
      </header>
      {reconnecting ? (
        <p className={styles.reconnecting} role="status">
          Cannot reach SpellWell right now. Trying again…
        </p>
      ) : null}
      <div id="main" className={styles.content}>
        <Suspense fallback={<Spinner label="Loading" />}>
          <Outlet />
        </Suspense>
      </div>
      <footer className={styles.footer}>
        <span>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}
        </span>
        <nav aria-label="Legal" className={styles.legal}>
          <Link to={paths.privacy.getHref()}>Privacy Policy</Link>
          <Link to={paths.tos.getHref()}>Terms of Service</Link>
        </nav>
      </footer>
    </div>
  );
}
