import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AccountExportSchema,
  PUSH_SUBSCRIPTIONS_MAX,
  REMINDER_MESSAGES,
  addDaysIso,
  localDate,
} from '@spellwell/shared';
import { snapshotDb } from '../security/support/route-table.js';
import { LOG_REDACT } from '../../src/app.js';
import { buildTestApp, type TestContext, type TestParent } from '../helper.js';
import { startPushEndpoint } from '../support/push-endpoint.js';
import { startSmtpPeer } from '../support/smtp-peer.js';
import {
  reminderMessageId,
  reminderTag,
  reminderTopic,
} from '../../src/modules/reminders/reminder-identity.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');
/** Singapore is UTC+8 all year: 19:31 there today. */
const at = (hhmm: string, day = today) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h - 8) * 60 + m) * 60_000);
};
const ON = { time: '19:30', days: [0, 1, 2, 3, 4, 5, 6], push: true, email: false };

async function seedChild(as: TestParent, name: string, words = 'apple\nbanana\ncherry', testInDays = 30) {
  const child = await as.inject({
    method: 'POST',
    url: `/api/child/create/${as.id}`,
    payload: { childName: name },
  });
  const childId = child.json<{ id: string }>().id;
  const set = await as.inject({
    method: 'POST',
    url: `/api/word-sets/create/${childId}`,
    headers: SG,
    payload: { testDate: addDaysIso(today, testInDays), description: 'Week 1', language: 'English', words },
  });
  expect(set.statusCode, set.body).toBe(201);
  return childId;
}

const putSettings = (as: TestParent, payload: object) =>
  as.inject({ method: 'PUT', url: '/api/reminders', headers: SG, payload });

/** Issue 38: reminders by Web Push and e-mail, to real local peers. */
describe('reminders, with a push service and an SMTP server on loopback', async () => {
  const push = await startPushEndpoint();
  const smtp = await startSmtpPeer();
  afterAll(async () => {
    await push.close();
    await smtp.close();
  });
  const ctx: TestContext = await buildTestApp({
    PUSH_ENDPOINT_HOSTS: push.host,
    SMTP_URL: smtp.url,
    SMTP_FROM: 'SpellWell <reminders@example.com>',
    PUBLIC_URL: 'https://spellwell.example',
  });
  const { app, createParent } = ctx;
  const subscribe = (as: TestParent, subscription: object) =>
    as.inject({ method: 'POST', url: '/api/push/subscriptions', payload: subscription });

  it('answers the defaults, then the saved settings with the zone they were saved in', async () => {
    const parent = await createParent();
    const first = await parent.inject({ method: 'GET', url: '/api/reminders', headers: SG });
    expect(first.json()).toEqual({
      time: '19:30',
      days: [0, 1, 2, 3, 4, 5, 6],
      push: false,
      email: false,
      timeZone: 'Asia/Singapore',
      emailAvailable: true,
      emailAddress: parent.email,
    });
    const put = await parent.inject({
      method: 'PUT',
      url: '/api/reminders',
      headers: { 'x-time-zone': 'Europe/London' },
      payload: { time: '07:05', days: [5, 1], push: true, email: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = await parent.inject({ method: 'GET', url: '/api/reminders', headers: SG });
    expect(read.json()).toMatchObject({
      time: '07:05',
      days: [1, 5],
      push: true,
      email: true,
      timeZone: 'Europe/London',
    });
  });

  it.each([
    ['an hour past 23', { ...ON, time: '24:00' }],
    ['a time without its leading zero', { ...ON, time: '7:30' }],
    ['seconds', { ...ON, time: '19:30:00' }],
    ['a weekday past Saturday', { ...ON, days: [7] }],
    ['a weekday twice', { ...ON, days: [1, 1] }],
    ['a weekday that is not a whole number', { ...ON, days: [1.5] }],
    ['push missing', { time: '19:30', days: [1], email: false }],
    ['push as a string', { ...ON, push: 'yes' }],
    ['an unknown field', { ...ON, sound: true }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const parent = await createParent();
    await putSettings(parent, { ...ON, time: '18:00' });
    const before = await snapshotDb(app);
    const res = await putSettings(parent, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(await snapshotDb(app)).toEqual(before);
  });

  it('gives the VAPID public key (an uncompressed P-256 point)', async () => {
    const res = await (await createParent()).inject({ method: 'GET', url: '/api/push/key' });
    expect(Buffer.from(res.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(65);
    expect((await app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('refuses endpoints that are not the allowed push service, storing nothing', async () => {
    const parent = await createParent();
    const keys = push.newDevice().subscription.keys;
    const before = await snapshotDb(app);
    for (const endpoint of [
      `http://localhost:${push.port}/push/1`,
      `https://127.0.0.1:${push.port}/push/1`,
      `https://[::1]:${push.port}/push/1`,
      'https://localhost/push/1',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://evil.example.com/push',
      `https://user:pw@localhost:${push.port}/push/1`,
      'file:///etc/passwd',
    ]) {
      const res = await subscribe(parent, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
    }
    expect(await snapshotDb(app)).toEqual(before);
  });

  it('sends a test reminder to every device and by e-mail; the e-mail’s link turns e-mail off with a plain GET', async () => {
    const parent = await createParent();
    const childId = await seedChild(parent, 'Mei');
    const [phone, laptop] = [push.newDevice(), push.newDevice()];
    expect((await subscribe(parent, phone.subscription)).statusCode).toBe(201);
    expect((await subscribe(parent, laptop.subscription)).statusCode).toBe(201);
    expect((await putSettings(parent, { ...ON, email: true })).statusCode).toBe(200);

    const res = await parent.inject({ method: 'POST', url: '/api/reminders/test', headers: SG });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pushed: 2, emailed: true });
    for (const device of [phone, laptop]) {
      expect(device.received).toHaveLength(1);
      expect(device.received[0]!.headers.ttl).toBeDefined();
      expect(JSON.parse(device.received[0]!.payload)).toEqual({
        title: 'SpellWell',
        body: 'Tonight: Mei 3 words',
        url: `/tonight/${childId}`,
        tag: reminderTag(parent.id, `${today} test`),
      });
    }
    // A test has its own identity: it neither replaces nor is replaced by tonight's reminder.
    expect(phone.received[0]!.headers.topic).toBe(reminderTopic(parent.id, `${today} test`));
    expect(reminderTopic(parent.id, `${today} test`)).not.toBe(reminderTopic(parent.id, today));

    const [mail] = await smtp.waitFor(smtp.received.length);
    const last = smtp.received.at(-1)!;
    expect(mail).toBeDefined();
    expect(last.to).toMatchObject({ text: parent.email });
    expect(last.subject).toBe('Tonight: Mei 3 words');
    expect(last.text).toContain(`https://spellwell.example/tonight/${childId}`);
    const link = /https:\/\/spellwell\.example(\/api\/reminders\/unsubscribe\?token=\S+)/.exec(
      last.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(last.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(link!);
    expect(last.messageId).toBe(reminderMessageId(parent.id, `${today} test`, 'spellwell.example'));

    // No sign-in, no script: a plain GET of the link.
    const page = await app.inject({ method: 'GET', url: link! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('E-mail reminders are off');
    expect(page.body).not.toContain('<script');
    const after = await parent.inject({ method: 'GET', url: '/api/reminders' });
    expect(after.json()).toMatchObject({ email: false, push: true });
  });

  it('refuses a forged or borrowed unsubscribe token with 400, changing nothing', async () => {
    const parent = await createParent();
    await putSettings(parent, { ...ON, email: true });
    const before = await snapshotDb(app);
    const good = await app.reminders.tokens.sign(parent.id);
    for (const token of [parent.token, `${good.slice(0, -2)}xx`, 'not-a-token']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_token' });
    }
    expect(await snapshotDb(app)).toEqual(before);
    // Nor is the unsubscribe token a sign-in.
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: { authorization: `Bearer ${good}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('removes a device: the parent’s own (204), never another parent’s (404)', async () => {
    const [parent, other] = [await createParent(), await createParent()];
    const device = push.newDevice();
    await subscribe(parent, device.subscription);
    const remove = (as: TestParent) =>
      as.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        payload: { endpoint: device.subscription.endpoint },
      });
    expect((await remove(other)).statusCode).toBe(404);
    expect((await remove(parent)).statusCode).toBe(204);
    expect((await remove(parent)).statusCode).toBe(404);
    const res = await parent.inject({ method: 'POST', url: '/api/reminders/test' });
    expect(res.json()).toEqual({ pushed: 0, emailed: false });
  });

  it(`keeps a parent’s ${PUSH_SUBSCRIPTIONS_MAX} newest devices`, async () => {
    const parent = await createParent();
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 1 }, () => push.newDevice());
    for (const device of devices) expect((await subscribe(parent, device.subscription)).statusCode).toBe(201);
    await putSettings(parent, ON);
    expect((await parent.inject({ method: 'POST', url: '/api/reminders/test' })).json()).toMatchObject({
      pushed: PUSH_SUBSCRIPTIONS_MAX,
    });
    // Devices added in one millisecond are equally old: which of them goes is not fixed.
    expect(devices.filter((d) => d.received.length === 0)).toHaveLength(1);
  });

  it('forgets a device its push service says is gone (410)', async () => {
    const parent = await createParent();
    const device = push.newDevice();
    await subscribe(parent, device.subscription);
    await putSettings(parent, ON);
    push.gone(device);
    expect((await parent.inject({ method: 'POST', url: '/api/reminders/test' })).json()).toEqual({
      pushed: 0,
      emailed: false,
    });
    const rows = await app.db.kysely
      .selectFrom('push_subscriptions')
      .select('id')
      .where('parent_id', '=', parent.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('limits test reminders to a few a minute', async () => {
    const parent = await createParent();
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1)
      codes.push((await parent.inject({ method: 'POST', url: '/api/reminders/test' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('puts the settings and devices in the account export, and deleting the account removes them', async () => {
    const parent = await createParent();
    const device = push.newDevice();
    await subscribe(parent, device.subscription);
    await putSettings(parent, { ...ON, days: [6, 0], email: true });
    const exported = await parent.inject({ method: 'GET', url: '/api/account/export' });
    expect(exported.statusCode).toBe(200);
    const data = AccountExportSchema.parse(exported.json());
    expect(data.reminders).toMatchObject({
      time: '19:30',
      days: [0, 6],
      push: true,
      email: true,
      timeZone: 'Asia/Singapore',
    });
    expect(data.pushDevices).toEqual([
      { endpoint: device.subscription.endpoint, createdAt: expect.any(String) },
    ]);
    expect(exported.body).not.toContain(device.subscription.keys.auth);
    // Today's reminder claimed, so every table of the feature holds a row.
    await app.reminders.service.tick(at('19:31'));
    expect((await parent.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    for (const table of ['reminder_settings', 'push_subscriptions', 'reminder_sends'] as const) {
      const rows = await app.db.kysely
        .selectFrom(table)
        .select('parent_id')
        .where('parent_id', '=', parent.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  describe('the minute timer', () => {
    it('reminds once at the parent’s time, only on chosen days, only when something is due', async () => {
      const [due, idle, notToday] = [await createParent(), await createParent(), await createParent()];
      const [a, b, c] = [push.newDevice(), push.newDevice(), push.newDevice()];
      await seedChild(due, 'Arun');
      await seedChild(notToday, 'Lin');
      await subscribe(due, a.subscription);
      await subscribe(idle, b.subscription);
      await subscribe(notToday, c.subscription);
      await putSettings(due, ON);
      await putSettings(idle, ON);
      const weekday = at('19:31').getUTCDay();
      await putSettings(notToday, { ...ON, days: ON.days.filter((d) => d !== weekday) });

      await app.reminders.service.tick(at('19:29'));
      expect(a.received).toHaveLength(0);
      await app.reminders.service.tick(at('19:31'));
      expect(a.received.map((r) => JSON.parse(r.payload).body)).toEqual(['Tonight: Arun 3 words']);
      // Its identity is the parent's and the day's (reminder-identity.ts): sent again by a
      // server that died after the push, it replaces itself at the push service and on screen.
      expect(a.received[0]!.headers.topic).toBe(reminderTopic(due.id, today));
      expect(JSON.parse(a.received[0]!.payload).tag).toBe(reminderTag(due.id, today));
      await app.reminders.service.tick(at('19:32'));
      await app.reminders.service.tick(at('21:00'));
      expect(a.received).toHaveLength(1);
      expect(b.received).toHaveLength(0);
      expect(c.received).toHaveLength(0);
      // The next day it comes again.
      await app.reminders.service.tick(at('19:30', addDaysIso(today, 1)));
      expect(a.received).toHaveLength(2);
      expect(a.received[1]!.headers.topic).toBe(reminderTopic(due.id, addDaysIso(today, 1)));
      expect(a.received[1]!.headers.topic).not.toBe(a.received[0]!.headers.topic);
    });

    it('sends the reminder of a server that died mid-send once its claim’s lease is over, and not before', async () => {
      const parent = await createParent();
      const device = push.newDevice();
      await seedChild(parent, 'Kai');
      await subscribe(parent, device.subscription);
      await putSettings(parent, ON);
      // Another server claimed today's reminder at 19:30 and died before sending it.
      await app.db.kysely
        .insertInto('reminder_sends')
        .values({ parent_id: parent.id, day: today, claimed_at: at('19:30').toISOString(), sent_at: null })
        .execute();
      await app.reminders.service.tick(at('19:35'));
      expect(device.received).toHaveLength(0);
      await app.reminders.service.tick(at('19:41'));
      expect(device.received).toHaveLength(1);
      await app.reminders.service.tick(at('19:52'));
      expect(device.received).toHaveLength(1);
    });

    it('reads the settings again when a queued reminder is sent: turned off meanwhile, nothing goes', async () => {
      const parent = await createParent();
      const device = push.newDevice();
      await seedChild(parent, 'Ida');
      await subscribe(parent, device.subscription);
      await putSettings(parent, ON);
      // Queued (by this server or another), then the parent turns reminders off before it is sent.
      await app.reminders.queue.enqueue([{ parentId: parent.id, day: today }], at('19:31'));
      await putSettings(parent, { ...ON, push: false });
      await app.reminders.service.tick(at('19:31'));
      expect(device.received).toHaveLength(0);
      // Taken and done with: not queued, nor sent, again.
      await putSettings(parent, ON);
      await app.reminders.service.tick(at('19:32'));
      expect(device.received).toHaveLength(0);
    });

    it('skips a parent whose stored time zone this runtime does not know, and reminds the others', async () => {
      const [odd, fine] = [await createParent(), await createParent()];
      const [a, b] = [push.newDevice(), push.newDevice()];
      for (const [parent, device] of [
        [odd, a],
        [fine, b],
      ] as const) {
        await seedChild(parent, 'Ana');
        await subscribe(parent, device.subscription);
        await putSettings(parent, ON);
      }
      await app.db.kysely
        .updateTable('reminder_settings')
        .set({ time_zone: 'Mars/Olympus_Mons' })
        .where('parent_id', '=', odd.id)
        .execute();
      await app.reminders.service.tick(at('19:45'));
      expect(a.received).toHaveLength(0);
      expect(b.received).toHaveLength(1);
    });

    it('mentions a test within three days with its likely score', async () => {
      const parent = await createParent();
      const device = push.newDevice();
      await seedChild(parent, 'Mei', 'one\ntwo\nthree\nfour', 2);
      await subscribe(parent, device.subscription);
      await putSettings(parent, ON);
      await app.reminders.service.tick(at('20:00'));
      expect(JSON.parse(device.received[0]!.payload).body).toMatch(
        /^Tonight: Mei 4 words \(Week 1 on \w{3}, likely \d(–\d)? of 4\)$/,
      );
    });
  });
});

describe('reminders on a server without e-mail', async () => {
  const { app, createParent } = await buildTestApp();

  it('refuses to turn e-mail on (400) and says e-mail is not available', async () => {
    const parent = await createParent();
    const res = await putSettings(parent, { ...ON, email: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'email_unavailable', message: REMINDER_MESSAGES.emailOff });
    expect((await parent.inject({ method: 'GET', url: '/api/reminders' })).json()).toMatchObject({
      emailAvailable: false,
      email: false,
    });
  });

  it('takes the major browsers’ push services by default, and nothing else', async () => {
    const parent = await createParent();
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-sg2p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await parent.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(201);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://notify.windows.com.evil.example/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://[::ffff:127.0.0.1]/push',
    ]) {
      const res = await parent.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/push_endpoint_refused|bad_request|validation/);
    }
    expect(app).toBeDefined();
  });
});

describe('reminders that fail to send', async () => {
  const push = await startPushEndpoint();
  afterAll(() => push.close());
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // An SMTP server that is not there (a closed port), with a password in its URL.
  const { createParent } = await buildTestApp(
    {
      PUSH_ENDPOINT_HOSTS: push.host,
      SMTP_URL: 'smtp://mailer:hunter2-secret@127.0.0.1:1',
      SMTP_FROM: 'SpellWell <reminders@example.com>',
      PUBLIC_URL: 'https://spellwell.example',
    },
    { logger: { level: 'trace', redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream } },
  );

  it('logs that they failed, without the SMTP password, the address or the device’s endpoint', async () => {
    const parent = await createParent();
    const device = push.newDevice();
    await subscribe(parent, device.subscription);
    await putSettings(parent, { ...ON, email: true });
    push.gone(device, 500);
    const res = await parent.inject({ method: 'POST', url: '/api/reminders/test' });
    expect(res.json()).toEqual({ pushed: 0, emailed: false });
    const log = lines.join('\n');
    expect(log).toContain('reminder e-mail failed');
    expect(log).toContain('push failed');
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toContain(parent.email);
    expect(log).not.toContain(new URL(device.subscription.endpoint).pathname);
    // The device is kept: a 500 is the push service's trouble, not a gone browser.
    const rows = await parent.inject({ method: 'GET', url: '/api/account/export' });
    expect(rows.json<{ pushDevices: unknown[] }>().pushDevices).toHaveLength(1);
  });

  const subscribe = (as: TestParent, subscription: object) =>
    as.inject({ method: 'POST', url: '/api/push/subscriptions', payload: subscription });
});
