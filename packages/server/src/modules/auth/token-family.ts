import type { Transaction } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.js';

/** The two tables of rotated refresh tokens: a parent's sign-ins and a child's devices. */
export type TokenFamilyTable = 'refresh_tokens' | 'kid_refresh_tokens';

/** The columns rotation reads and writes; both tables have them (checked below). */
type FamilyColumns = 'id' | 'family_id' | 'expires_at' | 'family_expires_at' | 'used_at' | 'revoked_at';
export type FamilyToken = Pick<RefreshTokensTable, FamilyColumns>;

// Both tables must keep these columns with these types, or this line stops compiling.
const sameColumns: Pick<Database['kid_refresh_tokens'], FamilyColumns> = {} as FamilyToken;
void sameColumns;

export type SpendResult =
  /** Spent now: the caller issues the successor in the same transaction. */
  | { kind: 'spent' }
  /** The token replaced last, presented again within the grace window: no new token. */
  | { kind: 'grace' }
  /** A spent token outside the grace window: its whole family has been revoked. */
  | { kind: 'reused' }
  /** Revoked, expired, or spent by another server meanwhile. */
  | { kind: 'invalid' };

/**
 * The rule both kinds of refresh token follow (docs/decisions/003-sessions.md), run in the
 * caller's transaction on `current`, the presented token's row, already locked.
 *
 * The race of two tabs refreshing with the same cookie: the second one finds the token spent
 * moments ago. If it is the token replaced last (nothing newer in the family has been used)
 * and within `graceMs` of its rotation, it is answered without a new refresh token: the first
 * answer's cookie stays the family's only live token, so the family never branches and a thief
 * holding the old token gains no refresh token. Any other spent token revokes the family
 * (RFC 9700 section 4.14.2). The spend itself is a conditional update, so two servers
 * presented the same token at once cannot both rotate it.
 */
export async function spendToken(
  trx: Transaction<Database>,
  table: TokenFamilyTable,
  current: FamilyToken,
  at: Date,
  graceMs: number,
): Promise<SpendResult> {
  // One table's types stand for both: they share every column used here (see sameColumns).
  const family = trx as unknown as Transaction<Pick<Database, 'refresh_tokens'>>;
  const name = table as 'refresh_tokens';
  const atIso = at.toISOString();
  if (current.revoked_at !== null) return { kind: 'invalid' };
  if (current.family_expires_at <= atIso || current.expires_at <= atIso) return { kind: 'invalid' };

  if (current.used_at !== null) {
    const withinGrace = at.getTime() - Date.parse(current.used_at) <= graceMs;
    const newerUsed = await family
      .selectFrom(name)
      .select('id')
      .where('family_id', '=', current.family_id)
      .where('id', '!=', current.id)
      // >=: two rotations within one millisecond must not make the older token look like the
      // one replaced last (it would get the grace meant for a racing tab).
      .where('used_at', '>=', current.used_at)
      .executeTakeFirst();
    if (withinGrace && !newerUsed) return { kind: 'grace' };
    await family
      .updateTable(name)
      .set({ revoked_at: atIso })
      .where('family_id', '=', current.family_id)
      .where('revoked_at', 'is', null)
      .execute();
    return { kind: 'reused' };
  }

  const spent = await family
    .updateTable(name)
    .set({ used_at: atIso })
    .where('id', '=', current.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? { kind: 'spent' } : { kind: 'invalid' };
}
