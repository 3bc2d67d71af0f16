import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexForKey } from '../lib/tab-keys';
import styles from './child-tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** The child's colour (issue 35): a mark on the tab. */
  colour?: string;
}

interface ChildTabsProps {
  items: TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Set when focus must follow a selection made elsewhere (a child just added). */
  focusId?: string | null;
  onFocused?: () => void;
  children: ReactNode;
}

export const tabId = (id: string) => `child-tab-${id}`;
export const panelId = (id: string) => `child-panel-${id}`;

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop (roving tabindex), arrows
 * move and select, Home/End jump. Only the selected panel is rendered, so only its tab names it.
 */
export function ChildTabs({ items, selectedId, onSelect, focusId, onFocused, children }: ChildTabsProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!focusId) return;
    const tab = refs.current.get(focusId);
    if (!tab) return;
    tab.focus();
    onFocused?.();
  }, [focusId, items, onFocused]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.id === selectedId);
    const next = tabIndexForKey(event.key, Math.max(current, 0), items.length);
    if (next === null) return;
    event.preventDefault();
    const id = items[next]?.id;
    if (id === undefined) return;
    onSelect(id);
    refs.current.get(id)?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Children" className={styles.list} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === selectedId;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId(item.id) : undefined}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              data-child-colour={item.colour}
              onClick={() => onSelect(item.id)}
            >
              {item.colour ? <span className={styles.colour} aria-hidden="true" /> : null}
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(selectedId)}
        aria-labelledby={tabId(selectedId)}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
