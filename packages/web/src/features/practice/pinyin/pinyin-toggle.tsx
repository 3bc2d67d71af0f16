import styles from './pinyin.module.css';

interface Props {
  checked: boolean;
  onChange: (on: boolean) => void;
}

/** "Show pinyin": off by default, since the practice is a dictation. Chinese sets only. */
export function PinyinToggle({ checked, onChange }: Props) {
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Show pinyin
    </label>
  );
}
