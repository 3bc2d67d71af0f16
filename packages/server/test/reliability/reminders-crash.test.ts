import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@spellwell/shared';
import { pgBossSchema } from '../../src/modules/reminders/pg-boss-queue.js';
import { reminderTag, reminderTopic } from '../../src/modules/reminders/reminder-identity.js';
import { startPushEndpoint } from '../support/push-endpoint.js';
import {
  justPassed,
  parentWithWordsDue,
  remindersOn,
  waitUntil,
  type RemindedParent,
} from './support/reminder-parents.js';
import { ENGINE, createStore, startServer, type ServerProcess } from './support/server-process.js';

/**
 * Issue 38, item 4: "a restart in the middle neither loses nor repeats one". A server is
 * killed (SIGKILL, no shutdown of any kind) in the middle of two reminders' pushes: one the
 * push service had already taken (only its answer was lost), one it never got. Another server
 * started on the same PostgreSQL then sends both again once their lease is over: the first is
 * the repeat no database can rule out (the push service is not in its transaction), made
 * harmless by its identity (decision record 015); the second, never delivered, is not lost.
 */
describe.runIf(ENGINE === 'postgres')(
  'a server killed in the middle of sending reminders (needs TEST_DATABASE_URL)',
  async () => {
    let taken: RemindedParent;
    let lost: RemindedParent;
    let second: ServerProcess;
    let day: string;
    // Made here, not in beforeAll: the afterAll hooks they add (close the push service, drop the
    // schemas) must be this suite's, or they never run.
    const push = await startPushEndpoint();
    afterAll(() => push.close());
    const store = await createStore();
    const servers: ServerProcess[] = [];
    afterAll(() => {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      }
    });

    beforeAll(async () => {
      const caFile = path.join(store.dataDir, 'push-ca.pem');
      writeFileSync(caFile, push.cert);
      const env = {
        PUSH_ENDPOINT_HOSTS: push.host,
        NODE_EXTRA_CA_CERTS: caFile,
        REMINDER_CHECK_SECONDS: '1',
        // Seconds, not the ten minutes of production, so the test sees a lease run out.
        REMINDER_LEASE_SECONDS: '2',
      };
      const { timeZone, time } = justPassed();
      day = localDate(timeZone);
      const first = await startServer(store, env);
      servers.push(first);
      taken = await parentWithWordsDue(first, push, 'taken@example.com', 'Tam', timeZone);
      lost = await parentWithWordsDue(first, push, 'lost@example.com', 'Lou', timeZone);
      push.hold(taken.device, 'taken');
      push.hold(lost.device, 'lost');
      await remindersOn(first, taken, time, timeZone);
      await remindersOn(first, lost, time, timeZone);

      // Both pushes under way, neither answered: the server is killed mid-send.
      const reached = await waitUntil(
        () => taken.device.attempts === 1 && lost.device.attempts === 1,
        20_000,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      expect(reached).toBe(true);
      expect(taken.device.received).toHaveLength(1);
      expect(lost.device.received).toHaveLength(0);
      push.answer(taken.device);
      push.answer(lost.device);

      second = await startServer(store, env);
      servers.push(second);
      await waitUntil(() => taken.device.received.length >= 2 && lost.device.received.length >= 1, 30_000);
      // A few more passes: nothing more comes.
      await new Promise((r) => setTimeout(r, 3000));
    }, 120_000);

    it('sends the reminder the push service never got: lost by no one', async () => {
      expect(lost.device.received).toHaveLength(1);
      expect(JSON.parse(lost.device.received[0]!.payload)).toMatchObject({ body: 'Tonight: Lou 2 words' });
      const rows = await store.query<{ parent_id: string }>(
        'SELECT parent_id FROM reminder_sends WHERE sent_at IS NOT NULL ORDER BY parent_id',
      );
      expect(rows.map((r) => r.parent_id)).toEqual([taken.id, lost.id].sort());
      // pg-boss: each job completed once, after one retry (the lease of the dead server's take).
      const jobs = await store.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM ${pgBossSchema(store.schema)}.job`,
      );
      expect(jobs).toEqual([
        { state: 'completed', retry_count: 1 },
        { state: 'completed', retry_count: 1 },
      ]);
      expect(second.lines.join('\n')).not.toMatch(
        /reminder failed|reminder pass failed|reminder queue error/,
      );
    });

    it('sends the one the push service had taken again, as the same notification: one on screen', async () => {
      const received = taken.device.received;
      // The repeat no database can rule out, and no more than it.
      expect(received).toHaveLength(2);
      // Both decrypted with the device's keys: the same message, the same topic, the same tag.
      const [a, b] = received.map((r) => ({
        topic: r.headers.topic,
        payload: JSON.parse(r.payload) as object,
      }));
      expect(a).toEqual(b);
      expect(a!.topic).toBe(reminderTopic(taken.id, day));
      expect(a!.payload).toMatchObject({ body: 'Tonight: Tam 2 words', tag: reminderTag(taken.id, day) });
      // What the device shows: notifications by tag, a second replacing the first (the service
      // worker passes the tag to showNotification; the Notifications API replaces by tag).
      const shown = new Map(received.map((r) => [(JSON.parse(r.payload) as { tag: string }).tag, r.payload]));
      expect(shown.size).toBe(1);
    });
  },
);
