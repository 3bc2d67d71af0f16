import { isLanguage } from '@spellwell/shared';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { lastChild } from '../../lib/last-child';
import { TroublePracticePage } from '../../features/practice/components/trouble-practice-page';

/** /trouble-words/{childId}?language=…: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('language');
  const language = isLanguage(asked) ? asked : undefined;
  const { user, userId } = useAuth();
  const child = user?.children.find((c) => c.id === childId);
  const childName = child?.name;
  useEffect(() => {
    if (userId && childName !== undefined) lastChild.set(userId, childId);
  }, [userId, childId, childName]);
  return (
    <div className="child-colour" data-child-colour={child?.colour}>
      <TroublePracticePage
        key={`${childId} ${language ?? ''}`}
        childId={childId}
        language={language}
        childName={childName}
        dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref()}
      />
    </div>
  );
}
