import { LANGUAGE_TAGS, type Language, type Word } from '@spellwell/shared';
import { useEffect, useId, useRef } from 'react';
import styles from './word-list-dialog.module.css';

interface Props {
  open: boolean;
  words: Word[];
  language: Language;
  onClose: () => void;
}

/** "Word List ({count} words)": every word, numbered in practice order, in a native modal dialog. */
export function WordListDialog({ open, words, language, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Browsers without showModal (Safari before 15.4) still get a visible, closable dialog.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Word List ({words.length} words)
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {/* Rendered only when open, so the page holds each word once while the dialog is closed. */}
      {open && (
        <ol className={styles.list} lang={LANGUAGE_TAGS[language]}>
          {words.map((word) => (
            <li key={word.id}>{word.wordString}</li>
          ))}
        </ol>
      )}
    </dialog>
  );
}
