/// <reference lib="webworker" />
/**
 * Reminders (issue 38): a push from the server is shown as a notification, and tapping it opens
 * the page it names (tonight's practice of the child it is about). The payload is the server's
 * `ReminderPush` JSON; only a path of this app is ever opened.
 */
declare const self: ServiceWorkerGlobalScope;

interface ReminderPush {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Older servers sent no tag: then tonight's reminder replaces any earlier one. */
const DEFAULT_TAG = 'spellwell-reminder';

/** A same-origin path, or the dashboard: a notification never sends the parent elsewhere. */
function safePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/dashboard';
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin ? resolved.pathname + resolved.search : '/dashboard';
}

function readPush(event: PushEvent): ReminderPush {
  try {
    const data = event.data?.json() as Partial<ReminderPush> | undefined;
    return {
      title: typeof data?.title === 'string' ? data.title : 'SpellWell',
      body: typeof data?.body === 'string' ? data.body : "Tonight's words are waiting.",
      url: safePath(data?.url),
      tag: typeof data?.tag === 'string' && data.tag.length <= 64 ? data.tag : DEFAULT_TAG,
    };
  } catch {
    return { title: 'SpellWell', body: "Tonight's words are waiting.", url: '/dashboard', tag: DEFAULT_TAG };
  }
}

async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (existing) {
    // The app already open (perhaps mid-practice) is brought forward on that page.
    const navigated = await existing.navigate(url).catch(() => null);
    await (navigated ?? existing).focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

export function registerReminders(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const push = readPush(event);
    event.waitUntil(
      self.registration.showNotification(push.title, {
        body: push.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        // One per parent and day (decision record 015): the same reminder sent twice, by a
        // server that died after the push service took it, replaces itself on screen.
        tag: push.tag,
        data: { url: push.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const url = safePath((event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(open(url));
  });
}
