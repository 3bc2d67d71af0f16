import { useEffect, useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import styles from './shared-photo-confirm.module.css';

interface SharedPhotoConfirmProps {
  photo: File;
  /** The language the photo will be read in, when one is chosen. */
  language: string | null;
  onScan: () => void;
  onDiscard: () => void;
}

/**
 * A photo shared to SpellWell, shown before anything is done with it: the parent checks it is
 * the worksheet they meant and says "Scan this photo", or discards it (issue 41).
 */
export function SharedPhotoConfirm({ photo, language, onScan, onDiscard }: SharedPhotoConfirmProps) {
  const url = useMemo(() => URL.createObjectURL(photo), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        The shared photo
      </h2>
      <img className={styles.photo} src={url} alt="The photo shared to SpellWell" />
      <p className={styles.hint}>
        {language
          ? `Is this the worksheet to read? It will be scanned for ${language} words.`
          : 'Is this the worksheet to read? Choose its language below, then scan it.'}
      </p>
      <div className={styles.buttons}>
        <Button onClick={onScan}>Scan this photo</Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </Card>
  );
}
