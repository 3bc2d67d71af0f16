import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  /** Called on the close button, Escape, or when the dialog closes itself (form method="dialog"). */
  onClose: () => void;
  title: ReactNode;
  /** Read after the title by screen readers. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
}

/** A modal on the native <dialog>: focus trap, Escape and backdrop come from the browser. */
export function Dialog({ open, onClose, title, description, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // The native 'close' event also fires when we close it ourselves: report only closings the user started.
  const openRef = useRef(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    // Browsers (and jsdom) without showModal still get a visible, closable dialog.
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
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (openRef.current) onClose();
      }}
      onCancel={(event) => {
        // Escape: let React state drive the closing so `open` stays the single truth.
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <CloseIcon />
        </button>
      </div>
      <div className={styles.body}>
        {description ? <p id={descriptionId}>{description}</p> : null}
        {open ? children : null}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </dialog>
  );
}
