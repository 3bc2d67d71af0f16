import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/row-locks.js';
import { spendToken } from './token-family.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefreshTokenOptions {
  /** A sign-in's whole family ends this long after the sign-in, however often it rotates. */
  familyTtlMs?: number;
  /** Each single token also ends (capped by the family's end). */
  tokenTtlMs?: number;
  /** How long after a rotation the token just replaced is still answered (two tabs racing). */
  graceMs?: number;
  now?: () => Date;
}

export interface IssuedRefreshToken {
  token: string;
  familyExpiresAt: Date;
}

export type RotateResult =
  | { kind: 'rotated'; parentId: string; next: IssuedRefreshToken }
  /** The token just replaced, presented again within the grace window: no new token. */
  | { kind: 'grace'; parentId: string }
  /** A spent token outside the grace window: the whole family has been revoked. */
  | { kind: 'reused' }
  /** Unknown, revoked or expired. */
  | { kind: 'invalid' };

/** Only this hash is stored, so a database leak gives no usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Refresh tokens: random, stored as hashes, grouped in families (one per sign-in), rotated on
 * every use. Presenting a spent token revokes its family (RFC 9700 section 4.14.2), except
 * the token replaced moments ago (see `rotate`). See docs/decisions/003-sessions.md.
 */
export function createRefreshTokens(db: Db, options: RefreshTokenOptions = {}) {
  const familyTtlMs = options.familyTtlMs ?? 30 * DAY_MS;
  const tokenTtlMs = options.tokenTtlMs ?? 30 * DAY_MS;
  const graceMs = options.graceMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const { kysely } = db;

  function newToken(parentId: string, familyId: string, familyExpiresAt: Date, at: Date) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Math.min(at.getTime() + tokenTtlMs, familyExpiresAt.getTime()));
    const row = {
      id: randomUUID(),
      parent_id: parentId,
      family_id: familyId,
      token_hash: hashToken(token),
      created_at: at.toISOString(),
      expires_at: expiresAt.toISOString(),
      family_expires_at: familyExpiresAt.toISOString(),
      used_at: null,
      revoked_at: null,
    };
    return { row, issued: { token, familyExpiresAt } };
  }

  return {
    /** A new family for a fresh sign-in. */
    async issue(parentId: string): Promise<IssuedRefreshToken> {
      const at = now();
      const { row, issued } = newToken(parentId, randomUUID(), new Date(at.getTime() + familyTtlMs), at);
      await kysely.insertInto('refresh_tokens').values(row).execute();
      // Ended families are of no further use: dropping them here keeps the table bounded.
      await kysely
        .deleteFrom('refresh_tokens')
        .where('parent_id', '=', parentId)
        .where('family_expires_at', '<=', at.toISOString())
        .execute();
      return issued;
    },

    /**
     * Spends `token` and issues its successor, in one transaction with the row locked (FOR
     * UPDATE on PostgreSQL; SQLite has one writer). When a token may be spent, and what a
     * spent one presented again does, is `spendToken`'s rule, shared with the devices' tokens.
     */
    async rotate(token: string): Promise<RotateResult> {
      const at = now();
      return kysely.transaction().execute(async (trx) => {
        const current = await forUpdate(
          db,
          trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(token)),
        ).executeTakeFirst();
        if (!current) return { kind: 'invalid' } as const;
        const spent = await spendToken(trx, 'refresh_tokens', current, at, graceMs);
        if (spent.kind === 'grace') return { kind: 'grace', parentId: current.parent_id } as const;
        if (spent.kind !== 'spent') return spent;
        const { row, issued } = newToken(
          current.parent_id,
          current.family_id,
          new Date(current.family_expires_at),
          at,
        );
        await trx.insertInto('refresh_tokens').values(row).execute();
        return { kind: 'rotated', parentId: current.parent_id, next: issued } as const;
      });
    },

    /** Logout: ends the family of `token`, whatever state the token is in. */
    async revokeFamilyOf(token: string): Promise<void> {
      const row = await kysely
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row) return;
      await kysely
        .updateTable('refresh_tokens')
        .set({ revoked_at: now().toISOString() })
        .where('family_id', '=', row.family_id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
