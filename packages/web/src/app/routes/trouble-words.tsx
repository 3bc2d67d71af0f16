import { isLanguage } from '@spellwell/shared';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { TroublePracticePage } from '../../features/practice/components/trouble-practice-page';

/** /trouble-words/{childId}?language=…: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('language');
  const language = isLanguage(asked) ? asked : undefined;
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <TroublePracticePage
      key={`${childId} ${language ?? ''}`}
      childId={childId}
      language={language}
      childName={childName}
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref()}
    />
  );
}
