import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The payload decrypted with the subscription's own keys (RFC 8291), as the browser would. */
  payload: string;
}

export interface TestDevice {
  /** What the browser's `PushSubscription.toJSON()` gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Every request made to the device's endpoint, answered or not. */
  attempts: number;
}

/**
 * How the stand-in answers a device's pushes: normally (201), as gone (404/410), or not at all,
 * the request held open as a server dies mid-push: `taken` when the push service has the
 * message (the device receives it; only the answer is lost), `lost` when it never got it.
 */
type Answer = { status: number } | { hold: 'taken' | 'lost' };

let made: { key: Buffer; cert: Buffer } | undefined;

/** A self-signed certificate for localhost, made with openssl once for this process. */
function localCertificate(): { key: Buffer; cert: Buffer } {
  made ??= makeCertificate();
  return made;
}

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real push service stand-in on https://localhost: it takes what web-push sends, checks the
 * VAPID authorisation is there, and decrypts the body with the device's private key. Each
 * device (`newDevice`) has its own path and keys; `gone(device)` makes its path answer 410, as
 * a push service does for an unsubscribed browser. The certificate is trusted through the
 * process's default HTTPS agent (what web-push uses), so the server's code is unchanged.
 */
export async function startPushEndpoint() {
  const { key, cert } = localCertificate();
  const devices = new Map<string, { ecdh: ECDH; auth: string; device: TestDevice; answer: Answer }>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = devices.get(req.url ?? '');
      if (!entry) {
        res.writeHead(404).end();
        return;
      }
      entry.device.attempts += 1;
      const { answer } = entry;
      if ('hold' in answer && answer.hold === 'lost') return;
      const status = 'status' in answer ? answer.status : 201;
      if (status !== 201 || !String(req.headers.authorization ?? '').startsWith('vapid t=')) {
        res.writeHead(status === 201 ? 401 : status).end();
        return;
      }
      const payload = ece
        .decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: entry.ecdh,
          authSecret: entry.auth,
        })
        .toString('utf8');
      entry.device.received.push({ path: req.url ?? '', headers: req.headers, payload });
      if ('hold' in answer) return;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // Every stand-in of this process shares the certificate, so several can be up at once.
  https.globalAgent.options.ca = cert;
  let next = 0;

  return {
    /** The value for PUSH_ENDPOINT_HOSTS. */
    host: `localhost:${port}`,
    port,
    /** The certificate (PEM), for NODE_EXTRA_CA_CERTS in server processes. */
    cert,
    newDevice(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const devicePath = `/push/${(next += 1)}-${randomBytes(6).toString('hex')}`;
      const device: TestDevice = {
        subscription: {
          endpoint: `https://localhost:${port}${devicePath}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        received: [],
        attempts: 0,
      };
      devices.set(devicePath, { ecdh, auth, device, answer: { status: 201 } });
      return device;
    },
    gone(device: TestDevice, status = 410) {
      devices.get(new URL(device.subscription.endpoint).pathname)!.answer = { status };
    },
    /** From now on the device's pushes get no answer (see `Answer`); `answer(device)` ends it. */
    hold(device: TestDevice, hold: 'taken' | 'lost') {
      devices.get(new URL(device.subscription.endpoint).pathname)!.answer = { hold };
    },
    answer(device: TestDevice) {
      devices.get(new URL(device.subscription.endpoint).pathname)!.answer = { status: 201 };
    },
    async close() {
      // Held requests too (their sender may be dead, or waiting).
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
