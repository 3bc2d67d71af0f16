import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { DictationPage } from '../../features/dictation/components/dictation-page';
import type { DictationServices } from '../../features/dictation/services';
import { usePracticeSession } from '../../features/practice/api/get-practice-session';
import { updateWord } from '../../features/practice/api/update-word';
import { useWakeLock } from '../../features/practice/hooks/use-wake-lock';
import { useWordAudio } from '../../features/practice/hooks/use-word-audio';
import { newIdempotencyKey } from '../../features/practice/lib/idempotency-key';

/** Dictation grades and speaks exactly as practice does: the same calls, player and order. */
export const dictationServices: DictationServices = {
  gradeWord: updateWord,
  newIdempotencyKey,
  useWordAudio,
  useWakeLock,
  usePracticeSession,
};

/** /dictation/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  return (
    <DictationPage
      key={`${childId}/${wordSetId}`}
      childId={childId}
      wordSetId={wordSetId}
      childName={childName}
      practiceHref={paths.practice.getHref(childId, wordSetId)}
      dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId, wordSetId) : paths.home.getHref()}
      services={dictationServices}
    />
  );
}
