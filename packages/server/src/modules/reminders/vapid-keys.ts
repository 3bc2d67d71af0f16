import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function read(file: string): VapidKeys | null {
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    return typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string'
      ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
      : null;
  } catch {
    return null;
  }
}

/**
 * The server's VAPID key pair, made once into DATA_DIR/vapid.json (owner-only) so a new
 * installation needs no setup and browsers' subscriptions survive restarts. Servers sharing a
 * database must share the pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or one DATA_DIR).
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  const existing = read(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // Another process made it first: use theirs.
    return read(file) ?? keys;
  }
}
