import { toToneMarks } from '@spellwell/shared';
import styles from './pinyin.module.css';

/** A reading in tone marks (`yín háng`), smaller and muted, above or beside the characters. */
export function PinyinLine({ reading, inline = false }: { reading: string; inline?: boolean }) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className={inline ? styles.inline : styles.line} lang="zh-Latn-pinyin" data-testid="pinyin">
      {toToneMarks(reading)}
    </Tag>
  );
}
