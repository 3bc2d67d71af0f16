import { useParams } from 'react-router';
import { KidPage } from '../../features/kid/kid-page';

/** /kid/{secret} (a device pass) and /kid (the device already signed in): the child's own practice. */
export function Component() {
  const { secret } = useParams();
  return <KidPage secret={secret} />;
}
