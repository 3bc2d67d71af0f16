import { useEffect } from 'react';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/use-auth';
import { lastChild } from '../lib/last-child';

/**
 * The child a practice page is for, among the signed-in parent's children, remembered as the
 * last child practised (the landing page opens their tab next), and the way back to their tab
 * (with the list just practised in view, when there is one).
 */
export function usePractisedChild(childId: string, wordSetId?: string) {
  const { user, userId } = useAuth();
  const child = user?.children.find((c) => c.id === childId);
  const childName = child?.name;
  useEffect(() => {
    if (userId && childName !== undefined) lastChild.set(userId, childId);
  }, [userId, childId, childName]);
  const dashboardHref = userId
    ? paths.dashboard.getChildHref(userId, childId, wordSetId)
    : paths.home.getHref();
  return { child, userId, dashboardHref };
}
