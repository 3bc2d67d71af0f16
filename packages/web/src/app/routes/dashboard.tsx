import { useParams } from 'react-router';
import { AccountActions } from '../../features/account/components/account-actions';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { AppUpdates } from '../../features/offline/components/app-updates';
import { OutboxStatus } from '../../features/offline/components/outbox-status';
import styles from './dashboard.module.css';

/** /dashboard/{parentId}: the guard has already checked this is the signed-in parent. */
export function Component() {
  const { parentId = '' } = useParams();
  return (
    <main className={`page ${styles.page}`} data-layout="wide">
      <h1 className={styles.title}>Your children</h1>
      <OutboxStatus changes />
      <DashboardPage key={parentId} parentId={parentId} />
      <div className={styles.account}>
        <AccountActions />
      </div>
      <AppUpdates offer />
    </main>
  );
}
