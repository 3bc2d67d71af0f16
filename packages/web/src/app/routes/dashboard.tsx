import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { AccountActions } from '../../features/account/components/account-actions';
import { DevicePassSlot, FamilySlot } from '../../features/dashboard/components/child-panel';
import { FamilySection } from '../../features/family/family-section';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DevicePassCard } from '../../features/kid/device-pass-card';
import { ReminderSettingsSection } from '../../features/reminders/components/reminder-settings';
import { AppUpdates } from '../../features/offline/components/app-updates';
import { OutboxStatus } from '../../features/offline/components/outbox-status';
import { rememberLastChild } from '../../features/offline/lib/shared-photo';
import { useWaitingShare } from '../../features/offline/use-waiting-share';
import { tokenStorage } from '../../lib/token-storage';
import styles from './dashboard.module.css';

/** The child last shown, for the next share; not once sign-out has begun (it empties that cache). */
const rememberWhileSignedIn = (childId: string) => {
  if (tokenStorage.get() !== null) void rememberLastChild(childId);
};

/** /dashboard/{parentId}: the guard has already checked this is the signed-in parent. */
export function Component() {
  const { parentId = '' } = useParams();
  const { user } = useAuth();
  // A photo shared to SpellWell is still waiting (a sign-in came first): on to the Add New
  // Practice of the child it was meant for, or the first child, where it is scanned.
  const waiting = useWaitingShare();
  const forChild = waiting && (waiting.childId ?? user?.children[0]?.id);
  if (forChild) return <Navigate to={`${paths.addWords.getHref(forChild)}?shared=1`} replace />;
  return (
    <main className={`page ${styles.page}`} data-layout="wide">
      <h1 className={styles.title}>Your children</h1>
      <OutboxStatus changes />
      {/* A photo shared to SpellWell opens the Add New Practice of the child last shown. */}
      <DevicePassSlot.Provider value={DevicePassCard}>
        <FamilySlot.Provider value={FamilySection}>
          <DashboardPage key={parentId} parentId={parentId} onChildShown={rememberWhileSignedIn} />
        </FamilySlot.Provider>
      </DevicePassSlot.Provider>
      <div className={styles.account}>
        <ReminderSettingsSection />
        <AccountActions />
      </div>
      <AppUpdates offer />
    </main>
  );
}
