import { isLanguage } from '@spellwell/shared';
import { useParams, useSearchParams } from 'react-router';
import { TroublePracticePage } from '../../features/practice/components/trouble-practice-page';
import { usePractisedChild } from '../use-practised-child';

/** /trouble-words/{childId}?language=…: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('language');
  const language = isLanguage(asked) ? asked : undefined;
  const { child, dashboardHref } = usePractisedChild(childId);
  return (
    <div className="child-colour" data-child-colour={child?.colour}>
      <TroublePracticePage
        key={`${childId} ${language ?? ''}`}
        childId={childId}
        language={language}
        childName={child?.name}
        dashboardHref={dashboardHref}
      />
    </div>
  );
}
