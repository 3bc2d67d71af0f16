import { useParams } from 'react-router';
import { TonightPracticePage } from '../../features/practice/components/tonight-practice-page';
import { usePractisedChild } from '../use-practised-child';

/** /tonight/{childId}: tonight's words across the child's sets; the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const { child, dashboardHref } = usePractisedChild(childId);
  return (
    <div className="child-colour" data-child-colour={child?.colour}>
      <TonightPracticePage
        key={childId}
        childId={childId}
        childName={child?.name}
        dashboardHref={dashboardHref}
      />
    </div>
  );
}
