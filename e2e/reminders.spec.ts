import type { BrowserContext, Page, Worker } from '@playwright/test';
import { APP_URL } from './support/ports';
import { controlledAfterReload, expect, test } from './fixtures';

// Issue 38: reminders. The service worker is on (push and notification taps are its work), and
// the page may show notifications.
test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

interface Shown {
  title: string;
  body: string;
  data: unknown;
}

/** What the tests use of the worker's global scope (this project's types are the page's, not a worker's). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Array<Shown & { close(): void }>> };
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
  dispatchEvent(event: Event): boolean;
}

interface ServiceWorkerGlobalScopeLike {
  registration: { getNotifications(): Promise<Array<{ tag: string }>> };
}

/** The notifications the worker is showing now. */
const shown = (worker: Worker) =>
  worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const list = await sw.registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
  }) as Promise<Shown[]>;

/**
 * Taps the worker's notification: the real `notificationclick` handler runs with the notification
 * the worker showed. A script-made event cannot extend its life with `waitUntil`, so the test
 * collects what the handler passes it and waits for that instead.
 */
const tap = (worker: Worker) =>
  worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    const event = new sw.NotificationEvent('notificationclick', { notification });
    const pending: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => pending.push(p) });
    sw.dispatchEvent(event);
    await Promise.all(pending);
  });

/**
 * Delivers pushes to this page's service worker as Chromium does from a push service (DevTools'
 * "Push"), to its registration.
 */
async function pushDelivery(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${APP_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  return (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: APP_URL,
      registrationId,
      data: JSON.stringify(payload),
    });
}

test('a reminder pushed to the service worker is shown, and tapping it opens that child’s practice', async ({
  page,
  context,
  family,
}) => {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  await family.addPractice(arun, { words: ['river', 'mountain'], description: 'Week 1', testInDays: 9 });
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toHaveAttribute('aria-selected', 'true');
  const worker = context.serviceWorkers()[0]!;
  const deliver = await pushDelivery(page, context);

  // As the server composes it for Arun's two due words (reminders-service.ts): tonight's practice.
  const url = `/tonight/${arun}`;
  await deliver({ title: 'SpellWell', body: 'Tonight: Arun 2 words', url });
  await expect
    .poll(() => shown(worker))
    .toEqual([{ title: 'SpellWell', body: 'Tonight: Arun 2 words', data: { url } }]);

  await tap(worker);
  await expect(page).toHaveURL(`${APP_URL}${url}`);
  await expect(page.getByText('1 of 2')).toBeVisible();
  await expect(page.getByText(/Arun/).first()).toBeVisible();
  expect(await shown(worker)).toEqual([]);

  // A push naming another site opens SpellWell's dashboard, never that site.
  await deliver({ title: 'SpellWell', body: 'Tonight: Mei 1 word', url: '//evil.example/steal' });
  await expect.poll(async () => (await shown(worker)).length).toBe(1);
  await tap(worker);
  await expect(page).toHaveURL(new RegExp(`^${APP_URL}/dashboard`));
});

test('the same reminder pushed twice shows once; another day’s shows beside it', async ({
  page,
  context,
  family,
}) => {
  const mei = await family.addChild('Mei');
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);
  const worker = context.serviceWorkers()[0]!;
  const deliver = await pushDelivery(page, context);
  const tags = () =>
    worker.evaluate(async () => {
      const list = await (self as unknown as ServiceWorkerGlobalScopeLike).registration.getNotifications();
      return list.map((n) => n.tag).sort();
    });

  // A server that died after the push service took tonight's reminder sends it again, with the
  // same tag (one per parent and day, reminder-identity.ts): the second replaces the first.
  const tonight = { title: 'SpellWell', body: 'Tonight: Mei 1 word', url: '/dashboard', tag: 'reminder-aaa' };
  await deliver(tonight);
  await expect.poll(tags).toEqual(['reminder-aaa']);
  await deliver(tonight);
  await deliver({ ...tonight, tag: 'reminder-bbb' });
  await expect.poll(tags).toEqual(['reminder-aaa', 'reminder-bbb']);
});

test('reminder settings are saved in the parent’s own time zone, and a test send says what it did', async ({
  page,
  family,
}) => {
  await page.goto(family.dashboardHref());
  const section = page.getByRole('region', { name: 'Reminders' });
  await expect(section.getByLabel('Time')).toHaveValue('19:30');
  await section.getByLabel('Time').fill('20:15');
  await section.getByRole('checkbox', { name: 'Sat' }).uncheck();
  await section.getByRole('checkbox', { name: 'Sun' }).uncheck();
  // Notifications on: this browser is asked to sign up with a push service. Headless Chromium
  // here has none and refuses; then the parent is told so and nothing is saved yet.
  await section.getByRole('switch', { name: /Notifications/ }).check();
  await section.getByRole('button', { name: 'Save reminders' }).click();
  const refused = section.getByText(/could not sign up for notifications|blocked for SpellWell/);
  const saved = section.getByText('Saved. Reminders come at 20:15 (Asia/Singapore) when words are due.');
  await expect(refused.or(saved)).toBeVisible();

  await section.getByRole('switch', { name: /Notifications/ }).uncheck();
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(section.getByText('Saved. Reminders are off.')).toBeVisible();
  const stored = await page.request.get('/api/reminders', { headers: family.headers });
  expect(await stored.json()).toMatchObject({
    time: '20:15',
    days: [1, 2, 3, 4, 5],
    push: false,
    email: false,
  });

  await page.reload();
  await expect(section.getByLabel('Time')).toHaveValue('20:15');
  await expect(section.getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
  // This server has no SMTP_URL: e-mail cannot be turned on.
  await expect(section.getByRole('switch', { name: /E-mail to/ })).toBeDisabled();

  await section.getByRole('button', { name: 'Send a test' }).click();
  await expect(
    section.getByText('Nothing was sent: turn on notifications or e-mail, and save, first.'),
  ).toBeVisible();
});

test('signing out stops this device’s reminders: the server forgets it and the browser unsubscribes', async ({
  page,
  family,
}) => {
  // Headless Chromium has no push service to subscribe with (it refuses), so this device's
  // subscription is the one thing stood in for: the browser's PushManager answers a
  // subscription whose JSON the server was given, as a real browser's would be. The sign-out
  // code, the API and the database are the real ones.
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${family.userId}`;
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const subscription = {
        endpoint,
        toJSON: () => ({ endpoint, keys }),
        unsubscribe: async () => {
          sessionStorage.setItem('e2e-unsubscribed', endpoint);
          return true;
        },
      };
      PushManager.prototype.getSubscription = async () =>
        (sessionStorage.getItem('e2e-unsubscribed') ? null : subscription) as unknown as PushSubscription;
    },
    { endpoint, keys },
  );
  const added = await page.request.post('/api/push/subscriptions', {
    headers: family.headers,
    data: { endpoint, keys },
  });
  expect(added.status()).toBe(201);
  await page.goto(family.dashboardHref());
  await controlledAfterReload(page);
  await expect(
    page.getByRole('region', { name: 'Reminders' }).getByText('This device gets them.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out: the site root, loaded afresh (reload-signed-out.ts).
  await expect(page).toHaveURL(/\/\?_=\d+$/);
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-unsubscribed'))).toBe(endpoint);
  // The access token is still good for its few minutes: the server no longer has the device.
  const exported = await page.request.get('/api/account/export', { headers: family.headers });
  expect(((await exported.json()) as { pushDevices: unknown[] }).pushDevices).toEqual([]);
});
