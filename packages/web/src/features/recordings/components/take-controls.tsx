import { Button } from '../../../components/ui/button';
import type { useRecorder } from '../hooks/use-recorder';
import styles from './recordings.module.css';

interface Props {
  word: string;
  recorder: ReturnType<typeof useRecorder>;
  saving: boolean;
  onKeep: (audio: Blob) => void;
  keepLabel?: string;
}

/** Record / Stop, then hear the take back and Keep it or Redo it. */
export function TakeControls({ word, recorder, saving, onKeep, keepLabel = 'Keep' }: Props) {
  const { state, take } = recorder;
  if (state === 'recording')
    return (
      <div className={styles.row}>
        <span className={styles.live} role="status">
          Recording… say the word
        </span>
        <Button size="sm" variant="danger" onClick={recorder.stop}>
          Stop
        </Button>
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
      size="sm"
      variant="secondary"
      loading={state === 'starting'}
      onClick={() => void recorder.start()}
      aria-label={`Record ${word}`}
    >
      Record
    </Button>
  );
}
