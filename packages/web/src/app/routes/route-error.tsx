import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import styles from './simple-page.module.css';

/** Shown when a page fails to load (for example a chunk missing after a deploy) or to draw. */
export function RouteError() {
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

/**
 * Catches a page's error and shows RouteError in its place, inside the layout; moving to
 * another address (`resetKey`) tries again.
 */
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The pages' parent route (app/router.tsx): each page inside the error boundary. */
export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
