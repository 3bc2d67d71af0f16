import styles from './practice-screen.module.css';

/** The shortcuts, in small muted text; hidden on phones, which have no keyboard to use. */
export function KeyboardHint() {
  return (
    <p className={styles.hint}>
      Keys: <kbd>1</kbd> Easy · <kbd>2</kbd> Medium · <kbd>3</kbd> Difficult · <kbd>S</kbd> Skip ·{' '}
      <kbd>Space</kbd> Show/Hide · <kbd>P</kbd> Play · <kbd>U</kbd> Undo
    </p>
  );
}
