import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { AcceptInvitePage } from '../../features/family/accept-invite-page';

/** /invite/{secret} (issue 37): accept an invite to share a child, then on to their tab. */
export function Component() {
  const { secret = '' } = useParams();
  const { userId } = useAuth();
  const parentId = userId ?? '';
  return (
    <AcceptInvitePage
      secret={secret}
      dashboardHref={(childId) => paths.dashboard.getChildHref(parentId, childId)}
    />
  );
}
