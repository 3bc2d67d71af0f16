import { addDaysIso, localDate } from '@spellwell/shared';
import type { PushEndpoint, TestDevice } from '../../support/push-endpoint.js';
import type { ServerProcess } from './server-process.js';

/** A zone whose wall clock is at least five minutes past midnight now, and that time less a minute. */
export function justPassed(): { timeZone: string; time: string } {
  for (const timeZone of ['Asia/Singapore', 'UTC']) {
    const [h, m] = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date())
      .split(':')
      .map(Number) as [number, number];
    const minutes = h * 60 + m - 1;
    if (minutes >= 5) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return { timeZone, time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
    }
  }
  throw new Error('unreachable: Singapore and UTC are eight hours apart');
}

/** One JSON call to a server process; anything but 2xx throws with the answer. */
export async function call(
  server: ServerProcess,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  zone?: string,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(zone ? { 'x-time-zone': zone } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface RemindedParent {
  id: string;
  token: string;
  device: TestDevice;
}

/**
 * A parent signed in through `server` with a child named `childName` who has two words due
 * today (in `timeZone`) and one push device, reminders still off.
 */
export async function parentWithWordsDue(
  server: ServerProcess,
  push: PushEndpoint,
  email: string,
  childName: string,
  timeZone: string,
): Promise<RemindedParent> {
  const login = await call(server, 'POST', '/api/auth/dev/login', undefined, { email });
  const token = String(login.accessToken);
  const id = String(login.userId);
  const child = await call(server, 'POST', `/api/child/create/${id}`, token, { childName });
  await call(
    server,
    'POST',
    `/api/word-sets/create/${String(child.id)}`,
    token,
    {
      testDate: addDaysIso(localDate(timeZone), 20),
      description: 'Week 1',
      language: 'English',
      words: 'one\ntwo',
    },
    timeZone,
  );
  const device = push.newDevice();
  await call(server, 'POST', '/api/push/subscriptions', token, device.subscription);
  return { id, token, device };
}

/** Reminders on, by push, every day at `time` in `timeZone`. */
export const remindersOn = (server: ServerProcess, parent: RemindedParent, time: string, timeZone: string) =>
  call(
    server,
    'PUT',
    '/api/reminders',
    parent.token,
    { time, days: [0, 1, 2, 3, 4, 5, 6], push: true, email: false },
    timeZone,
  );

/** Polls `done` every 100 ms until it holds or `ms` pass; whether it held. */
export async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return done();
}
