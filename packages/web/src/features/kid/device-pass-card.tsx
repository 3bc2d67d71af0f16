import {
  CreatedDevicePassSchema,
  DevicePassListSchema,
  type CreatedDevicePass,
  type DevicePass,
} from '@spellwell/shared';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { QrCode } from '../../components/ui/qr-code';
import styles from './kid.module.css';

/**
 * On a child's tab (issue 36): let the child practise alone, on this device or (with a QR code)
 * on another. A pass works once, for 24 hours.
 */
export function DevicePassCard({ childId, childName }: { childId: string; childName: string }) {
  const [pass, setPass] = useState<CreatedDevicePass | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passes, setPasses] = useState<DevicePass[]>([]);

  const load = useCallback(() => {
    api(`/child/${childId}/device-passes`, { schema: DevicePassListSchema }).then(
      (list) => setPasses(list.passes),
      () => undefined,
    );
  }, [childId]);
  useEffect(load, [load]);

  const withdraw = async (passId: string) => {
    try {
      await api(`/child/${childId}/device-passes/${passId}`, { method: 'DELETE' });
      if (pass?.id === passId) setPass(null);
      load();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const create = async (): Promise<CreatedDevicePass | null> => {
    setBusy(true);
    setError(null);
    try {
      return await api(`/child/${childId}/device-passes`, {
        method: 'POST',
        schema: CreatedDevicePassSchema,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const here = async () => {
    const created = await create();
    if (created) window.location.assign(new URL(created.url).pathname);
  };
  const other = async () => {
    const created = await create();
    if (created) setPass(created);
    load();
  };

  return (
    <div className={styles.pass} data-testid="device-pass">
      <Button variant="secondary" loading={busy} onClick={() => void here()}>
        Let {childName} practise on this device
      </Button>
      <Button variant="ghost" disabled={busy} onClick={() => void other()}>
        Show a QR code for another device
      </Button>
      {error ? <p role="alert">{error}</p> : null}
      {passes.length > 0 ? (
        <ul className={styles.sets} aria-label={`${childName}'s device passes`}>
          {passes.map((p) => (
            <li key={p.id} className={styles.url}>
              {p.lastUsedAt
                ? `A device signed in, last used ${new Date(p.lastUsedAt).toLocaleString()}`
                : `Not opened yet, works until ${new Date(p.expiresAt).toLocaleString()}`}{' '}
              <Button size="sm" variant="ghost" onClick={() => void withdraw(p.id)}>
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {pass ? (
        <>
          <QrCode
            className={styles.qr}
            value={pass.url}
            label={`QR code for ${childName}'s practice on another device`}
          />
          <p className={styles.url} data-testid="device-pass-url">
            {pass.url}
          </p>
          <p className={styles.url}>Works once, until {new Date(pass.expiresAt).toLocaleString()}.</p>
        </>
      ) : null}
    </div>
  );
}
