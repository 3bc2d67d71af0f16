import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDaysIso, localDate } from '@spellwell/shared';
import { pgBossSchema } from '../../src/modules/reminders/pg-boss-queue.js';
import { startPushEndpoint, type TestDevice } from '../support/push-endpoint.js';
import { call, justPassed } from './support/reminder-parents.js';
import { ENGINE, createStore, startServer } from './support/server-process.js';

const PARENTS = 12;

// Several processes need one shared database: PostgreSQL (the server-postgres project).
describe.runIf(ENGINE === 'postgres')(
  'reminders from three server processes on one PostgreSQL (needs TEST_DATABASE_URL)',
  async () => {
    const push = ENGINE === 'postgres' ? await startPushEndpoint() : undefined;
    afterAll(() => push?.close());
    const store = ENGINE === 'postgres' ? await createStore() : undefined;
    const caFile = store ? path.join(store.dataDir, 'push-ca.pem') : '';
    if (push) writeFileSync(caFile, push.cert);
    // Each looks every second, so the three passes overlap again and again.
    const env = {
      PUSH_ENDPOINT_HOSTS: push?.host ?? '',
      NODE_EXTRA_CA_CERTS: caFile,
      REMINDER_CHECK_SECONDS: '1',
    };
    const servers = store ? await Promise.all([1, 2, 3].map(() => startServer(store, env))) : [];

    it('sends each parent’s reminder exactly once, whichever server claims it', async () => {
      const { timeZone, time } = justPassed();
      const today = localDate(timeZone);
      const devices: TestDevice[] = [];
      // Everything is set up with reminders off, then turned on at once: all three servers find
      // every parent due in the same passes.
      const tokens: string[] = [];
      for (let i = 0; i < PARENTS; i += 1) {
        const server = servers[i % 3]!;
        const login = await call(server, 'POST', '/api/auth/dev/login', undefined, {
          email: `remind-${i}@example.com`,
        });
        const token = String(login.accessToken);
        const parentId = String(login.userId);
        const child = await call(server, 'POST', `/api/child/create/${parentId}`, token, {
          childName: `Kid${i}`,
        });
        await call(
          server,
          'POST',
          `/api/word-sets/create/${String(child.id)}`,
          token,
          {
            testDate: addDaysIso(today, 20),
            description: 'Week 1',
            language: 'English',
            words: 'one\ntwo',
          },
          timeZone,
        );
        const device = push!.newDevice();
        devices.push(device);
        await call(server, 'POST', '/api/push/subscriptions', token, device.subscription);
        tokens.push(token);
      }
      await Promise.all(
        tokens.map((token, i) =>
          call(
            servers[i % 3]!,
            'PUT',
            '/api/reminders',
            token,
            { time, days: [0, 1, 2, 3, 4, 5, 6], push: true, email: false },
            timeZone,
          ),
        ),
      );

      const deadline = Date.now() + 20_000;
      while (devices.some((d) => d.received.length === 0) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      // A few more passes of every server: none sends again.
      await new Promise((r) => setTimeout(r, 3500));
      expect(devices.map((d) => d.received.length)).toEqual(devices.map(() => 1));
      for (const [i, device] of devices.entries()) {
        expect(JSON.parse(device.received[0]!.payload)).toMatchObject({ body: `Tonight: Kid${i} 2 words` });
      }
      const rows = await store!.query<{ sent: string }>(
        'SELECT count(*) AS sent FROM reminder_sends WHERE sent_at IS NOT NULL',
      );
      expect(Number(rows[0]!.sent)).toBe(PARENTS);
      // Through pg-boss: one job per parent and day, every one completed, none failed or repeated.
      const jobs = await store!.query<{ state: string; n: string }>(
        `SELECT state, count(*) AS n FROM ${pgBossSchema(store!.schema)}.job GROUP BY state`,
      );
      expect(jobs.map((j) => [j.state, Number(j.n)])).toEqual([['completed', PARENTS]]);
      for (const server of servers) {
        expect(server.lines.join('\n')).not.toMatch(
          /reminder failed|reminder pass failed|reminder queue error/,
        );
      }
    }, 60_000);
  },
);
