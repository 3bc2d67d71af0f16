import { DICTATION_PAUSES, type DictationPause } from '@spellwell/shared';
import { useSaveDictationSettings } from '../api/dictation-settings';
import styles from './dictation.module.css';

/** The child's pause after each reading: one tap, remembered on the server with the child. */
export function PauseChooser({ childId, pauseSeconds }: { childId: string; pauseSeconds: number }) {
  const save = useSaveDictationSettings(childId);
  return (
    <fieldset className={styles.pauses}>
      <legend>Pause after each reading</legend>
      <div className={styles.pauseRow}>
        {DICTATION_PAUSES.map((seconds) => (
          <label key={seconds} className={styles.pause}>
            <input
              type="radio"
              name="dictation-pause"
              value={seconds}
              checked={pauseSeconds === seconds}
              onChange={() => save.mutate({ pauseSeconds: seconds as DictationPause })}
            />
            <span>{seconds} s</span>
          </label>
        ))}
      </div>
      {save.isError ? (
        <p className={styles.error} role="alert">
          The pause could not be saved; it is used for this dictation only.
        </p>
      ) : null}
    </fieldset>
  );
}
