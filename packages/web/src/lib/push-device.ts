import { PushKeySchema } from '@spellwell/shared';
import { api } from './api-client';

/** Whether this browser can get push notifications at all (an installed iPhone app can; Safari's tab cannot). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, or null (none yet, or none in development). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export class PushUnavailableError extends Error {}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission, subscribes this browser with the server's key and tells the server
 * (`POST /push/subscriptions`). Throws PushUnavailableError with a sentence for the parent.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) {
    throw new PushUnavailableError(
      'This browser cannot show notifications. On an iPhone, add SpellWell to the Home Screen first.',
    );
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailableError(
      "Notifications are blocked for SpellWell. Allow them in this browser's site settings, then try again.",
    );
  }
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api('/push/key', { schema: PushKeySchema });
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    } catch {
      throw new PushUnavailableError(
        "This device could not sign up for notifications (its browser's push service did not answer). Try again when online.",
      );
    }
  }
  await api('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
}

/**
 * Sign-out: the server forgets this device (`DELETE /push/subscriptions`) and the browser drops
 * its subscription, so the next parent on this device gets none of these reminders. Never
 * throws, and gives up after a few seconds: signing out must not wait on the network.
 */
export async function forgetThisDevice(): Promise<void> {
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await api('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
      () => undefined,
    );
    await subscription.unsubscribe().catch(() => false);
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 4000))]);
}
