import { formatDisplayDate, normaliseShareCode, SHARE_MESSAGES } from '@spellwell/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/field';
import { NotFoundState } from '../../components/ui/not-found-state';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../features/auth/use-auth';
import { useSharedList } from '../../features/shared-lists/api/get-shared-list';
import { isAlreadyImported, useImportSharedList } from '../../features/shared-lists/api/import-shared-list';
import listStyles from '../../features/shared-lists/components/shared-lists.module.css';
import styles from './word-set-page.module.css';

/** /shared/{code} (issue 37): a list another parent shared, to add for one of the children. */
export function Component() {
  const { code: typed = '' } = useParams();
  const code = normaliseShareCode(typed);
  const { userId } = useAuth();
  const back = userId ? paths.dashboard.getHref(userId) : paths.home.getHref();
  if (!code)
    return (
      <NotFoundState
        title="Not a share code"
        message={SHARE_MESSAGES.codeInvalid}
        backHref={back}
        backLabel="Back to dashboard"
      />
    );
  return <SharedListPage code={code} back={back} />;
}

function SharedListPage({ code, back }: { code: string; back: string }) {
  const { user, userId } = useAuth();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const children = user?.children ?? [];
  const [childId, setChildId] = useState(search.get('child') ?? children[0]?.id ?? '');
  const [asking, setAsking] = useState(false);
  const list = useSharedList(code);
  const importing = useImportSharedList(code);
  const child = children.find((c) => c.id === childId);

  const add = (again: boolean) =>
    importing.mutate(
      { childId, again },
      {
        onSuccess: ({ id }) =>
          void navigate(userId ? paths.dashboard.getChildHref(userId, childId, id) : paths.home.getHref(), {
            state: {
              notice: `“${list.data?.description ?? 'The list'}” was added for ${child?.name ?? 'your child'}.`,
            },
          }),
        onError: (error) => setAsking(isAlreadyImported(error)),
      },
    );

  return (
    <main className={`page ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Shared list</h1>
          <p className={styles.subtitle}>Code {code}</p>
        </div>
      </header>
      {list.isPending ? (
        <Spinner label="Loading the shared list" />
      ) : list.isError ? (
        <Alert tone="error" title={lookupTitle(list.error)} action={<Link to={back}>Back to dashboard</Link>}>
          {list.error.message}
        </Alert>
      ) : (
        <>
          <dl className={listStyles.facts}>
            <dt>Practice</dt>
            <dd data-testid="shared-description">{list.data.description}</dd>
            <dt>Language</dt>
            <dd>{list.data.language}</dd>
            <dt>Test date</dt>
            <dd>{formatDisplayDate(list.data.testDate)}</dd>
          </dl>
          <h2 className={listStyles.sectionTitle}>{list.data.words.length} words</h2>
          <ol className={listStyles.words} aria-label="Words">
            {list.data.words.map((word, i) => (
              <li key={word} lang={list.data.language === 'Chinese' ? 'zh' : undefined}>
                {word}
                {list.data.readings[i] ? (
                  <span className={listStyles.hint}> ({list.data.readings[i]})</span>
                ) : null}
              </li>
            ))}
          </ol>
          {children.length === 0 ? (
            <Alert tone="info">
              Add a child on your <Link to={back}>dashboard</Link> first, then open this code again.
            </Alert>
          ) : (
            <div className={listStyles.row}>
              {children.length > 1 ? (
                <SelectField label="For" value={childId} onChange={(e) => setChildId(e.target.value)}>
                  {children.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <Button loading={importing.isPending && !asking} onClick={() => add(false)}>
                Add to {child?.name ?? 'child'}
              </Button>
            </div>
          )}
          {importing.isError && !isAlreadyImported(importing.error) ? (
            <Alert tone="error">{importing.error.message}</Alert>
          ) : null}
          <ConfirmDialog
            open={asking}
            title="Add it again?"
            description={`${child?.name ?? 'This child'} already has this list. Add a second copy?`}
            confirmLabel="Add a second copy"
            pendingLabel="Adding..."
            pending={importing.isPending}
            onCancel={() => {
              setAsking(false);
              importing.reset();
            }}
            onConfirm={() => add(true)}
          />
        </>
      )}
    </main>
  );
}

function lookupTitle(error: Error): string {
  if (!(error instanceof ApiError)) return 'The shared list could not be loaded.';
  if (error.status === 410) return 'No longer shared';
  if (error.status === 404) return 'Code not found';
  if (error.status === 429) return 'Too many codes tried';
  return 'The shared list could not be loaded.';
}
