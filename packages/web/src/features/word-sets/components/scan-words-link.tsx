import { useRef, type ChangeEvent } from 'react';
import styles from './word-set-form.module.css';

interface ScanWordsLinkProps {
  /** Called before the picker opens; false stops it (no language chosen yet). */
  canScan: () => boolean;
  onFile: (file: File) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * "click here to try to scan an image of the words": opens a hidden picker for images only
 * (phones offer the camera). The picker is emptied after every attempt, success or not, so
 * choosing the same photo again scans it again.
 */
export function ScanWordsLink({ canScan, onFile, disabled }: ScanWordsLinkProps) {
  const input = useRef<HTMLInputElement>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const element = event.currentTarget;
    const file = element.files?.[0];
    if (!file) return;
    try {
      await onFile(file);
    } finally {
      element.value = '';
    }
  }

  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        disabled={disabled}
        onClick={() => {
          if (canScan()) input.current?.click();
        }}
      >
        click here to try to scan an image of the words
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Image of the words to scan"
        data-testid="scan-file-input"
        onChange={(event) => void onChange(event)}
      />
    </>
  );
}
