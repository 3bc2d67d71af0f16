import {
  KidAnswerResultSchema,
  KidAttemptConflictSchema,
  KidNextWordSchema,
  KidPracticeSchema,
  KidSessionSchema,
  KidStrokeDataSchema,
  RefreshResponseSchema,
  type KidAnswerBody,
  type KidAnswerResult,
  type KidNextWord,
  type KidPractice,
  type KidSession,
} from '@spellwell/shared';
import type { CharacterJson } from 'hanzi-writer';
import { API_BASE } from '../../config/env';
import { TIME_ZONE_HEADER, browserTimeZone } from '../../lib/time-zone';

/** The child's device session (issue 36): its own token, apart from a parent's. */
const KID_TOKEN_KEY = 'spellwell.kidToken';

export const kidToken = {
  get(): string | null {
    try {
      return localStorage.getItem(KID_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string) {
    localStorage.setItem(KID_TOKEN_KEY, token);
  },
  clear() {
    try {
      localStorage.removeItem(KID_TOKEN_KEY);
    } catch {
      // storage unavailable
    }
  },
};

/** The device's session has ended (pass withdrawn or expired): a parent must sign it in again. */
export class KidSignedOut extends Error {}

/** No answer at all from the server (offline, connection dropped): not the server's "no". */
export class KidOffline extends Error {
  constructor() {
    super("You're offline.");
  }
}

/** `fetch` that says KidOffline when the request never got an answer. */
const reach = (input: string, init?: RequestInit) =>
  fetch(input, init).catch(() => {
    throw new KidOffline();
  });

export async function startKidSession(secret: string): Promise<KidSession> {
  const res = await fetch(`${API_BASE}/kid/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret }),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new KidSignedOut();
  const session = KidSessionSchema.parse(await res.json());
  kidToken.set(session.accessToken);
  return session;
}

async function refresh(): Promise<string | null> {
  const res = await reach(`${API_BASE}/kid/session/refresh`, { method: 'POST', credentials: 'same-origin' });
  if (!res.ok) return null;
  const { accessToken } = RefreshResponseSchema.parse(await res.json());
  kidToken.set(accessToken);
  return accessToken;
}

/** A call with the child's token; one refresh on 401, then the sign-in screen. */
export async function kidFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) =>
    reach(`${API_BASE}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        [TIME_ZONE_HEADER]: browserTimeZone(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  let res = await send(kidToken.get());
  if (res.status === 401) {
    const token = await refresh();
    if (!token) {
      kidToken.clear();
      throw new KidSignedOut();
    }
    res = await send(token);
    if (res.status === 401) {
      kidToken.clear();
      throw new KidSignedOut();
    }
  }
  return res;
}

async function json(res: Response): Promise<unknown> {
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return res.json();
}

export const kidPractice = async (): Promise<KidPractice> =>
  KidPracticeSchema.parse(await json(await kidFetch('/kid/practice')));

export async function kidNextWord(wordSetId: string): Promise<KidNextWord | null> {
  const res = await kidFetch(`/kid/word-sets/${wordSetId}/next`);
  if (res.status === 204) return null;
  return KidNextWordSchema.parse(await json(res));
}

/** The server counts attempts itself and expected another one (the page was behind). */
export class KidOutOfTurn extends Error {
  constructor(readonly attempt: number) {
    super('Out of turn');
  }
}

/** `answerId` stays the same when the same answer is sent again, so it is counted once. */
export async function kidAnswer(wordId: string, body: KidAnswerBody): Promise<KidAnswerResult> {
  const res = await kidFetch(`/kid/answers/${wordId}`, { method: 'POST', body: JSON.stringify(body) });
  if (res.status === 409) throw new KidOutOfTurn(KidAttemptConflictSchema.parse(await res.json()).attempt);
  return KidAnswerResultSchema.parse(await json(res));
}

/** A Chinese word's characters as shapes for the stroke quiz (never the word as text). */
export async function kidStrokeData(wordId: string) {
  const data = KidStrokeDataSchema.parse(await json(await kidFetch(`/kid/words/${wordId}/strokes`)));
  return { characters: data.characters as unknown as CharacterJson[] };
}

/** The word's sound (the parent's recording or the voice), as an object URL. */
export async function kidAudio(audioUrl: string): Promise<string> {
  const res = await kidFetch(audioUrl.replace(/^\/api/, ''));
  if (!res.ok) throw new Error('The word could not be played.');
  return URL.createObjectURL(await res.blob());
}
