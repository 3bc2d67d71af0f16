import { useParams } from 'react-router';
import { KidPage } from '../../features/kid/kid-page';
import { lazyComponent } from '../../lib/lazy-component';
import { kidOutbox } from '../kid-outbox';

// The service worker keeps the app on the device, so the child's screen opens again with no
// network (its answers wait in app/kid-outbox.ts). Like a practice, it never offers an update.
const AppUpdates = lazyComponent(
  () => import('../../features/offline/components/app-updates').then((m) => m.AppUpdates),
  () => null,
);

/** /kid/{secret} (a device pass) and /kid (the device already signed in): the child's own practice. */
export function Component() {
  const { secret } = useParams();
  return (
    <>
      <AppUpdates offer={false} />
      <KidPage secret={secret} outbox={kidOutbox} />
    </>
  );
}
