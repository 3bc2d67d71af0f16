import { useRegisterSW } from 'virtual:pwa-register/react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import styles from './app-updates.module.css';

interface Props {
  /**
   * Whether to offer the new version here. A practice page says no: the new version then
   * waits for the dashboard or the next start, so an update never swaps the app mid-practice.
   */
  offer: boolean;
}

/**
 * Registers the service worker (src/sw/sw.ts) from the signed-in pages only, so the landing
 * page's JavaScript does not grow, and offers a waiting new version ("A new version is ready —
 * Reload"). The new version never takes over by itself.
 */
export function AppUpdates({ offer }: Props) {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
    // The browser looks for a new worker on each navigation to the app; nothing to schedule.
  } = useRegisterSW();
  if (!offer || !needRefresh) return null;
  return (
    <Alert
      className={styles.banner}
      title="A new version is ready"
      action={
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      }
    />
  );
}
