import { browserTimeZone, localDate } from '@spellwell/shared';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import { lastChild } from '../../../lib/last-child';
import { useWordSets } from '../api/get-word-sets';
import { AddChildForm } from './add-child-form';
import { ChildPanel } from './child-panel';
import { ChildTabs, type TabItem } from './child-tabs';
import { childDueCount } from '../lib/tonight';
import { DashboardSkeleton } from './dashboard-skeleton';
import styles from './dashboard.module.css';
import { LoadFailed } from '../../../components/ui/load-failed';

/** The "Add Child" tab's id in the URL (?child=add); children use their own ids. */
export const ADD_CHILD_TAB = 'add';
const CHILD_PARAM = 'child';
/** The practice just practised or edited (?set=<id>), shown in view on its child's tab. */
const SET_PARAM = 'set';

/**
 * The parent's home: one tab per child plus "Add Child". The selected tab lives in the URL
 * (?child=<id>) so a reload, or coming back from practice, opens the same child.
 */
export function DashboardPage({
  parentId,
  onChildShown,
}: {
  parentId: string;
  /** Told each time a child's tab opens (the route keeps the last child, issue 23). */
  onChildShown?: (childId: string) => void;
}) {
  const wordSets = useWordSets(parentId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [focusId, setFocusId] = useState<string | null>(null);
  // Set as the first child's name is sent: that child would otherwise become the default tab
  // the moment the list grows, unmounting the form before its "Child Added" could be seen.
  // Local state, not the URL: a navigation commits later than the query cache update.
  const [addPinned, setAddPinned] = useState(false);
  // What just happened elsewhere ("“Week 3” was deleted."), said once where the parent lands.
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(() => noticeOf(location.state));
  const today = localDate(browserTimeZone());

  const select = useCallback(
    (id: string) => {
      setAddPinned(false);
      // The child picked is the one the landing page's "Start Practicing Now" opens next time.
      if (id !== ADD_CHILD_TAB) lastChild.set(parentId, id);
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(CHILD_PARAM, id);
          next.delete(SET_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, parentId],
  );
  const onChildAdded = useCallback(
    (id: string) => {
      select(id);
      setFocusId(id);
    },
    [select],
  );
  const clearFocus = useCallback(() => setFocusId(null), []);
  const onChildRemoved = useCallback(
    (name: string) => {
      setNotice(`${name} was removed.`);
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(CHILD_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const pinAddChild = useCallback(() => setAddPinned(true), []);

  const children = useMemo(() => wordSets.data ?? [], [wordSets.data]);
  const items: TabItem[] = useMemo(
    () => [
      ...children.map((child) => {
        const due = childDueCount(child.wordSets, today);
        return {
          id: child.id,
          colour: child.colour,
          // The number is for the eye; the panel says it in words (the tab's name stays the child's).
          label: (
            <>
              {child.name}
              {due > 0 ? (
                <span className={styles.tabDue} aria-hidden="true">
                  {due}
                </span>
              ) : null}
            </>
          ),
        };
      }),
      {
        id: ADD_CHILD_TAB,
        label: (
          <>
            <PlusIcon size={18} />
            Add Child
          </>
        ),
      },
    ],
    [children, today],
  );

  if (wordSets.isPending) return <DashboardSkeleton />;
  if (wordSets.isError) {
    return (
      <LoadFailed title="Your children could not be loaded." onRetry={() => void wordSets.refetch()}>
        {wordSets.error.message}
      </LoadFailed>
    );
  }

  const wanted = searchParams.get(CHILD_PARAM);
  const showAdd = wanted === ADD_CHILD_TAB || (addPinned && !children.some((c) => c.id === wanted));
  const child = children.find((c) => c.id === wanted) ?? (showAdd ? undefined : children[0]);
  const selectedId = child?.id ?? ADD_CHILD_TAB;
  // A link to a child who is not (or no longer) on this account: say so rather than silently
  // showing another child's figures.
  const unknownChild =
    wanted !== null &&
    wanted !== ADD_CHILD_TAB &&
    !wordSets.isFetching &&
    !children.some((c) => c.id === wanted);

  return (
    <div className={styles.dashboard}>
      {notice ? (
        <Alert
          tone="success"
          action={
            <Button variant="ghost" size="sm" onClick={() => setNotice(null)}>
              Dismiss
            </Button>
          }
        >
          {notice}
        </Alert>
      ) : null}
      {unknownChild ? (
        <Alert tone="info" title="Child not found">
          The child in this link is not on your account: they may have been removed.
          {child ? ` Showing ${child.name}.` : ''}
        </Alert>
      ) : null}
      <ChildTabs
        items={items}
        selectedId={selectedId}
        onSelect={select}
        focusId={focusId}
        onFocused={clearFocus}
      >
        {child ? (
          <ChildPanel
            key={child.id}
            parentId={parentId}
            child={child}
            today={today}
            recentSetId={searchParams.get(SET_PARAM)}
            onRemoved={onChildRemoved}
            onShown={onChildShown}
          />
        ) : (
          <AddChildForm
            parentId={parentId}
            first={children.length === 0}
            existing={children}
            onSubmitting={pinAddChild}
            onAdded={onChildAdded}
          />
        )}
      </ChildTabs>
    </div>
  );
}

function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}
