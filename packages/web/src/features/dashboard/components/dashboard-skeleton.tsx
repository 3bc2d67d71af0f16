import styles from './dashboard.module.css';

/** The dashboard's shape while the children load, so nothing jumps when they arrive. */
export function DashboardSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your children
      </span>
      <div className={styles.skeletonTabs} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={styles.skeletonBlock} aria-hidden="true" />
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true" />
      ))}
    </div>
  );
}
