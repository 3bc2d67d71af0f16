import { Button } from '../../../components/ui/button';
import type { useRecorder } from '../hooks/use-recorder';
import { LevelMeter } from './level-meter';
import styles from './recordings.module.css';

interface Props {
  word: string;
  recorder: ReturnType<typeof useRecorder>;
  saving: boolean;
  onKeep: (audio: Blob) => void;
  keepLabel?: string;
}

/**
 * Record / Stop, then hear the take back and Keep it or Redo it. Record and Stop are large
 * round buttons (a parent holds the phone in one hand), with a level meter while recording.
 */
export function TakeControls({ word, recorder, saving, onKeep, keepLabel = 'Keep' }: Props) {
  const { state, take } = recorder;
  if (state === 'recording')
    return (
      <div className={styles.recording}>
        <Button
          size="lg"
          variant="danger"
          className={styles.recordButton}
          icon={<span className={styles.stopIcon} aria-hidden="true" />}
          onClick={recorder.stop}
        >
          Stop
        </Button>
        <div className={styles.take}>
          <span className={styles.live} role="status">
            Recording… say the word
          </span>
          {recorder.stream ? <LevelMeter stream={recorder.stream} /> : null}
        </div>
      </div>
    );
  if (state === 'recorded' && take)
    return (
      <div className={styles.take}>
        <audio controls src={take.url} aria-label={`Your recording of ${word}`} />
        <div className={styles.row}>
          <Button size="sm" loading={saving} onClick={() => onKeep(take.blob)}>
            {keepLabel}
          </Button>
          <Button size="sm" variant="secondary" disabled={saving} onClick={() => void recorder.start()}>
            Redo
          </Button>
        </div>
      </div>
    );
  return (
    <Button
      size="lg"
      variant="secondary"
      className={styles.recordButton}
      loading={state === 'starting'}
      onClick={() => void recorder.start()}
      aria-label={`Record ${word}`}
      icon={<span className={styles.recordIcon} aria-hidden="true" />}
    >
      Record
    </Button>
  );
}
