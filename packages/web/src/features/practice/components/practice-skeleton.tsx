import styles from './practice-page.module.css';

/** The practice screen's shape while the words load, so nothing jumps when they arrive. */
export function PracticeSkeleton() {
  return (
    <main className={styles.skeleton} aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading practice
      </p>
      <div className={`${styles.bone} ${styles.line}`} />
      <div className={`${styles.bone} ${styles.card}`} />
      <div className={`${styles.bone} ${styles.block}`} />
      <div className={`${styles.bone} ${styles.block}`} />
      <div className={styles.grades}>
        <div className={`${styles.bone} ${styles.block}`} />
        <div className={`${styles.bone} ${styles.block}`} />
        <div className={`${styles.bone} ${styles.block}`} />
      </div>
    </main>
  );
}
