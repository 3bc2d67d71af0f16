import { Link, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import type { ShareProblem } from '../../features/offline/lib/shared-photo';
import styles from './simple-page.module.css';

const PROBLEMS: Record<ShareProblem, { title: string; message: string }> = {
  // The server's answer to a share that no service worker took (the app never opened here).
  'not-ready': {
    title: 'Open SpellWell once, then share again',
    message:
      'The photo did not reach SpellWell: sharing works once SpellWell has been opened and signed in to on this device. Open it, then share the photo again, or scan it from Add New Practice.',
  },
  'no-image': {
    title: 'No photo arrived',
    message: 'SpellWell scans photos of worksheets: share an image from your gallery or camera.',
  },
  // Another site's page posted here (issue 41): only the device's share menu is taken.
  'not-shared': {
    title: 'Only photos shared from this device are taken',
    message:
      'A web page tried to send SpellWell a photo. Nothing was kept or scanned. To scan a worksheet, share its photo from your gallery or camera, or choose it from Add New Practice.',
  },
  'not-kept': {
    title: 'The photo could not be kept',
    message:
      'This browser refused to store the shared photo (its storage may be full). Scan it from Add New Practice instead.',
  },
};

/**
 * `/share-target` opened as a page: what went wrong with a photo shared to SpellWell. A share
 * that works never shows it (the service worker takes the POST and opens Add New Practice).
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const problem = PROBLEMS[searchParams.get('error') as ShareProblem] ?? PROBLEMS['not-ready'];
  return (
    <main className="page">
      <h1>{problem.title}</h1>
      <Card>
        <p className={styles.text} role="status">
          {problem.message}
        </p>
        <p className={styles.text}>
          <Link to="/dashboard">Open SpellWell</Link>
        </p>
      </Card>
    </main>
  );
}
