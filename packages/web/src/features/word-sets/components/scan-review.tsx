import { OCR_LOW_CONFIDENCE, type OcrBox, type OcrLine } from '@spellwell/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import styles from './scan-review.module.css';

interface ScanReviewProps {
  /** The photo that was scanned, to show where each line was read. */
  file: File;
  lines: readonly OcrLine[];
  lang: string | undefined;
  /** The reviewed words, one per line. */
  onAdd: (words: string) => void;
  onCancel: () => void;
}

interface Row {
  key: number;
  text: string;
  confidence: number;
  box: OcrBox;
  doubtful?: boolean;
}

/** A line read without confidence, or one the list stage was unsure of, is marked "Check". */
const needsCheck = (line: OcrLine) => line.confidence < OCR_LOW_CONFIDENCE || line.doubtful === true;

/**
 * What a scan found, before it goes into the words box: each line with how sure the reading
 * is (doubtful ones marked "Check"), the part of the photo it came from on request, and
 * buttons to fix or remove it. "Add n words" hands the kept lines to the form.
 */
export function ScanReview({ file, lines, lang, onAdd, onCancel }: ScanReviewProps) {
  const [rows, setRows] = useState<Row[]>(() => lines.map((line, key) => ({ key, ...line })));
  const [shown, setShown] = useState<number | null>(null);
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // On a phone the review opens below the fold, under an empty Words box (issue 35): bring it
  // to the top of the screen and move focus to it, so it is what the parent sees and hears.
  useEffect(() => {
    const heading = headingRef.current;
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, []);
  const doubtful = rows.filter(needsCheck).length;

  const update = (key: number, text: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, text } : row)));
  const remove = (key: number) => setRows((all) => all.filter((row) => row.key !== key));
  const words = rows.map((row) => row.text.trim()).filter(Boolean);

  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        Check the scanned words
      </h2>
      <p className={styles.hint}>
        {rows.length} found{doubtful ? `, ${doubtful} to check` : ''}. Fix or remove any line, then add them
        to the words.
      </p>
      <ol className={styles.list}>
        {rows.map((row, index) => {
          const low = needsCheck(row);
          return (
            <li
              key={row.key}
              className={low ? `${styles.row} ${styles.low}` : styles.row}
              data-testid="scan-review-line"
            >
              <div className={styles.line}>
                <input
                  className={styles.input}
                  value={row.text}
                  lang={lang}
                  aria-label={`Scanned word ${index + 1}`}
                  aria-invalid={row.text.trim() === '' || undefined}
                  onChange={(event) => update(row.key, event.target.value)}
                />
                <span className={styles.confidence}>
                  {low ? <strong className={styles.check}>Check</strong> : null} {row.confidence}% sure
                </span>
              </div>
              <div className={styles.tools}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-expanded={shown === row.key}
                  onClick={() => setShown(shown === row.key ? null : row.key)}
                >
                  {shown === row.key ? 'Hide photo' : 'Show in photo'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${row.text || `line ${index + 1}`}`}
                  onClick={() => remove(row.key)}
                >
                  Remove
                </Button>
              </div>
              {shown === row.key ? (
                <PhotoPart url={url} box={row.box} label={`Where "${row.text}" was read`} />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className={styles.actions}>
        {/* Says what it does: how many words go into the list (issue 35). */}
        <Button onClick={() => onAdd(words.join('\n'))} disabled={words.length === 0}>
          {words.length === 0
            ? 'No words to add'
            : `Add ${words.length} ${words.length === 1 ? 'word' : 'words'}`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Discard scan
        </Button>
      </div>
    </Card>
  );
}

/** The part of the photo a line was read from, with a margin around it, scaled to the row's width. */
function PhotoPart({ url, box, label }: { url: string; box: OcrBox; label: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () => setSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
  }, [url]);
  const margin = 0.01;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  const width = Math.min(1 - x, box.width + 2 * margin);
  const height = Math.min(1 - y, box.height + 2 * margin);
  const aspect = size ? (width * size.width) / Math.max(1, height * size.height) : 6;
  return (
    <div
      className={styles.photo}
      role="img"
      aria-label={label}
      data-testid="scan-review-photo"
      style={{
        backgroundImage: `url(${url})`,
        backgroundSize: `${100 / width}% auto`,
        backgroundPosition: `${width < 1 ? (x / (1 - width)) * 100 : 0}% ${height < 1 ? (y / (1 - height)) * 100 : 0}%`,
        aspectRatio: String(aspect),
      }}
    />
  );
}
