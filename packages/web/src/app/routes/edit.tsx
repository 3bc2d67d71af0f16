import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useWordSet } from '../../api/get-word-set';
import { CloseIcon } from '../../components/ui/icons';
import { NotFoundState } from '../../components/ui/not-found-state';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { isMissing } from '../../lib/api-client';
import { useAuth } from '../../features/auth/use-auth';
import { PlanSwitch } from '../../features/word-sets/components/plan-switch';
import { RecordWords } from '../../features/recordings/components/record-words';
import { DeletePractice } from '../../features/word-sets/components/delete-practice';
import { EditWordsForm } from '../../features/word-sets/components/edit-words-form';
import { ShareList } from '../../features/shared-lists/components/share-list';
import { PracticeDetailsForm } from '../../features/word-sets/components/practice-details-form';
import { RemoveWord } from '../../features/word-sets/components/remove-word';
import styles from './word-set-page.module.css';
import { LoadFailed } from '../../components/ui/load-failed';

/** /edit/{childId}/{wordSetId}: the guard has already checked the parent is signed in. */
export function Component() {
  const { childId = '', wordSetId = '' } = useParams();
  const { user, userId } = useAuth();
  const childName = user?.children.find((child) => child.id === childId)?.name;
  const wordSet = useWordSet(childId, wordSetId);
  // Each word removed below starts the words' form afresh, so Save cannot bring it back.
  const [removals, setRemovals] = useState(0);
  const dashboard = userId ? paths.dashboard.getChildHref(userId, childId, wordSetId) : paths.home.getHref();
  if (isMissing(wordSet.error)) {
    return (
      <NotFoundState
        title="Practice not found"
        message="This practice does not exist or has been deleted, so its words cannot be edited."
        backHref={dashboard}
        backLabel="Back to dashboard"
      />
    );
  }
  return (
    <main className={`page ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>Edit Words</h1>
        <Link to={dashboard} className={styles.close} aria-label="Close">
          <CloseIcon />
        </Link>
      </header>
      {wordSet.isPending ? (
        <Spinner label="Loading the words" />
      ) : wordSet.isError ? (
        <LoadFailed title="The words could not be loaded." onRetry={() => void wordSet.refetch()}>
          {wordSet.error.message}
        </LoadFailed>
      ) : (
        <>
          <EditWordsForm
            key={`${wordSet.data.id}:${removals}`}
            childId={childId}
            wordSet={wordSet.data}
            dashboardHref={dashboard}
          />
          <RecordWords
            childId={childId}
            wordSet={wordSet.data}
            wordActions={(word) => (
              <RemoveWord
                childId={childId}
                wordSet={wordSet.data}
                word={word}
                onRemoved={() => setRemovals((n) => n + 1)}
              />
            )}
          />
          <PracticeDetailsForm key={`details-${wordSet.data.id}`} childId={childId} wordSet={wordSet.data} />
          {/* Right after the test date it plans for (issue 35), no longer at the page's foot. */}
          <PlanSwitch childId={childId} wordSet={wordSet.data} />
          <ShareList childId={childId} wordSet={wordSet.data} />
          <DeletePractice
            childId={childId}
            childName={childName}
            wordSet={wordSet.data}
            // Gone: back to the child's tab, with no practice to keep in view.
            dashboardHref={userId ? paths.dashboard.getChildHref(userId, childId) : paths.home.getHref()}
          />
        </>
      )}
    </main>
  );
}
