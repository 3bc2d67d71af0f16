import type { SpeakingSettings } from '@spellwell/shared';
import styles from './practice-screen.module.css';

interface Props {
  settings: SpeakingSettings;
  onChange: (change: Partial<SpeakingSettings>) => void;
}

/** "Speak slowly" and "Say each word twice", per child, beside "Play each word automatically". */
export function SpeakingSettingsControls({ settings, onChange }: Props) {
  return (
    <>
      <label className={styles.autoPlay}>
        <input
          type="checkbox"
          checked={settings.speed === 'slow'}
          onChange={(event) => onChange({ speed: event.target.checked ? 'slow' : 'normal' })}
        />
        Speak slowly
      </label>
      <label className={styles.autoPlay}>
        <input
          type="checkbox"
          checked={settings.twice}
          onChange={(event) => onChange({ twice: event.target.checked })}
        />
        Say each word twice
      </label>
    </>
  );
}
