import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/**
 * A QR code drawn in the browser (the `qrcode` package, loaded only here: no network, no
 * service). SVG, so it prints sharp at any size.
 */
export function QrCode({
  value,
  label,
  className,
  failedClassName,
  testId = 'sheet-qr',
}: {
  value: string;
  /** Two codes on one page (the child's sheet's and the key's) need names of their own. */
  testId?: string;
  label: string;
  /** Its size (a printed sheet's millimetres, a screen's pixels). */
  className?: string | undefined;
  failedClassName?: string | undefined;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((text) => live && setSvg(text))
      .catch((error: unknown) => {
        console.warn('Could not draw the QR code:', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return <p className={failedClassName}>The QR code could not be drawn. Open {value} instead.</p>;
  return (
    <div
      className={`${styles.qr} ${className ?? ''}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-ready={svg ? 'yes' : 'no'}
      // The SVG is the library's output for our own URL: no user markup reaches it.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
