import { GRADE_LABELS, GRADES, type Grade } from '@spellwell/shared';
import styles from './grade-buttons.module.css';

const ORDER: { grade: Grade; className: string | undefined; key: string }[] = [
  { grade: GRADES.easy, className: styles.easy, key: '1' },
  { grade: GRADES.medium, className: styles.medium, key: '2' },
  { grade: GRADES.difficult, className: styles.difficult, key: '3' },
];

/** Easy, Medium, Difficult: one row of large buttons, colour plus the word (never colour alone). */
export function GradeButtons({ disabled, onGrade }: { disabled: boolean; onGrade: (grade: Grade) => void }) {
  return (
    <div className={styles.row} role="group" aria-label="Grade the word">
      {ORDER.map(({ grade, className, key }) => (
        <button
          key={grade}
          type="button"
          className={`${styles.grade} ${className ?? ''}`}
          disabled={disabled}
          aria-keyshortcuts={key}
          onClick={() => onGrade(grade)}
        >
          {GRADE_LABELS[grade]}
        </button>
      ))}
    </div>
  );
}
