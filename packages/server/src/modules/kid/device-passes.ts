import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/row-locks.js';
import { hashToken } from '../auth/refresh-tokens.js';
import { spendToken } from '../auth/token-family.js';
import { accessibleChildIds } from '../children/access.js';

const HOUR_MS = 60 * 60 * 1000;
/** A pass's secret works this long, once. */
export const PASS_TTL_MS = 24 * HOUR_MS;
/** A device's session ends this long after its sign-in, however often it refreshes. */
export const KID_FAMILY_TTL_MS = 30 * 24 * HOUR_MS;
/** The two-tab race, as for the parent's tokens (docs/decisions/003-sessions.md). */
const GRACE_MS = 10_000;
/** Passes a child may have alive at once: more are refused (a parent has a few devices). */
export const LIVE_PASSES_PER_CHILD = 20;

/** The signed-in child of a device: checked against the database on every kid request. */
export interface KidIdentity {
  passId: string;
  childId: string;
  parentId: string;
  childName: string;
}

export type KidRotateResult =
  | { kind: 'rotated'; passId: string; next: { token: string; familyExpiresAt: Date } }
  | { kind: 'grace'; passId: string }
  | { kind: 'reused' }
  | { kind: 'invalid' };

/**
 * Device passes (issue 36, decision record 018): a one-time secret (32 random bytes, only its
 * SHA-256 stored) that signs one device in as one child; then refresh-token families rotated
 * like the parent's. Revoking the pass ends its device's session at its next request.
 */
export function createDevicePasses(db: Db, now: () => Date = () => new Date()) {
  const { kysely } = db;

  function newRefresh(passId: string, familyId: string, familyExpiresAt: Date, at: Date) {
    const token = randomBytes(32).toString('base64url');
    return {
      row: {
        id: randomUUID(),
        pass_id: passId,
        family_id: familyId,
        token_hash: hashToken(token),
        created_at: at.toISOString(),
        expires_at: familyExpiresAt.toISOString(),
        family_expires_at: familyExpiresAt.toISOString(),
        used_at: null,
        revoked_at: null,
      },
      issued: { token, familyExpiresAt },
    };
  }

  return {
    /** Null when the child is not the parent's; 'too-many' past LIVE_PASSES_PER_CHILD. */
    async create(parentId: string, childId: string) {
      const at = now();
      return kysely.transaction().execute(async (trx) => {
        const child = await forUpdate(
          db,
          accessibleChildIds(trx, parentId, childId, 'edit'),
        ).executeTakeFirst();
        if (!child) return null;
        // Passes that can no longer be used are of no further use: dropping them bounds the table.
        await trx
          .deleteFrom('device_passes')
          .where('child_id', '=', childId)
          .where((eb) =>
            eb.or([
              eb('revoked_at', 'is not', null),
              eb.and([eb('used_at', 'is', null), eb('expires_at', '<=', at.toISOString())]),
            ]),
          )
          .execute();
        const live = await trx
          .selectFrom('device_passes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('child_id', '=', childId)
          .executeTakeFirstOrThrow();
        if (Number(live.n) >= LIVE_PASSES_PER_CHILD) return 'too-many' as const;
        const secret = randomBytes(32).toString('base64url');
        const id = randomUUID();
        const expiresAt = new Date(at.getTime() + PASS_TTL_MS).toISOString();
        await trx
          .insertInto('device_passes')
          .values({
            id,
            parent_id: parentId,
            child_id: childId,
            secret_hash: hashToken(secret),
            created_at: at.toISOString(),
            expires_at: expiresAt,
            used_at: null,
            last_used_at: null,
            revoked_at: null,
          })
          .execute();
        return { id, secret, expiresAt };
      });
    },

    /** The child's passes still of use (unused and unexpired, or signed in); null: not the parent's child. */
    async list(parentId: string, childId: string) {
      const child = await accessibleChildIds(kysely, parentId, childId, 'edit').executeTakeFirst();
      if (!child) return null;
      const atIso = now().toISOString();
      const rows = await kysely
        .selectFrom('device_passes')
        .select(['id', 'created_at', 'expires_at', 'last_used_at'])
        .where('child_id', '=', childId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '>', atIso)]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        lastUsedAt: r.last_used_at,
      }));
    },

    /** Revokes at once: the pass's device is refused from its next request. False: not found. */
    async revoke(parentId: string, childId: string, passId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('device_passes')
          .set({ revoked_at: now().toISOString() })
          .where('id', '=', passId)
          // Any adult who may set up the child's devices may end one (issue 37), not only its maker.
          .where('child_id', 'in', accessibleChildIds(trx, parentId, childId, 'edit'))
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('kid_refresh_tokens')
          .set({ revoked_at: now().toISOString() })
          .where('pass_id', '=', passId)
          .where('revoked_at', 'is', null)
          .execute();
        return true;
      });
    },

    /**
     * Spends the one-time secret (a conditional update, so two devices racing get one session)
     * and starts the device's refresh family. Null: unknown, used, expired or revoked.
     */
    async redeem(secret: string) {
      const at = now();
      const atIso = at.toISOString();
      return kysely.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('device_passes')
          .set({ used_at: atIso, last_used_at: atIso })
          .where('secret_hash', '=', hashToken(secret))
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', atIso)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return null;
        const pass = await trx
          .selectFrom('device_passes')
          .innerJoin('children', 'children.id', 'device_passes.child_id')
          .select(['device_passes.id as passId', 'children.id as childId', 'children.name as childName'])
          .where('device_passes.secret_hash', '=', hashToken(secret))
          .executeTakeFirstOrThrow();
        const { row, issued } = newRefresh(
          pass.passId,
          randomUUID(),
          new Date(at.getTime() + KID_FAMILY_TTL_MS),
          at,
        );
        await trx.insertInto('kid_refresh_tokens').values(row).execute();
        return { ...pass, refresh: issued };
      });
    },

    /** The device's identity for a verified access token; null once the pass is revoked. */
    async identify(passId: string): Promise<KidIdentity | null> {
      const row = await kysely
        .selectFrom('device_passes')
        .innerJoin('children', 'children.id', 'device_passes.child_id')
        .select([
          'device_passes.id as passId',
          'children.id as childId',
          'children.parent_id as parentId',
          'children.name as childName',
        ])
        .where('device_passes.id', '=', passId)
        .where('device_passes.revoked_at', 'is', null)
        .where('device_passes.used_at', 'is not', null)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Rotation exactly as the parent's (refresh-tokens.ts), plus the pass must be alive. */
    async rotate(token: string): Promise<KidRotateResult> {
      const at = now();
      const atIso = at.toISOString();
      return kysely.transaction().execute(async (trx) => {
        const current = await forUpdate(
          db,
          trx.selectFrom('kid_refresh_tokens').selectAll().where('token_hash', '=', hashToken(token)),
        ).executeTakeFirst();
        if (!current) return { kind: 'invalid' } as const;
        const pass = await trx
          .selectFrom('device_passes')
          .select('id')
          .where('id', '=', current.pass_id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (!pass) return { kind: 'invalid' } as const;
        const spent = await spendToken(trx, 'kid_refresh_tokens', current, at, GRACE_MS);
        if (spent.kind === 'grace') return { kind: 'grace', passId: current.pass_id } as const;
        if (spent.kind !== 'spent') return spent;
        const { row, issued } = newRefresh(
          current.pass_id,
          current.family_id,
          new Date(current.family_expires_at),
          at,
        );
        await trx.insertInto('kid_refresh_tokens').values(row).execute();
        await trx
          .updateTable('device_passes')
          .set({ last_used_at: atIso })
          .where('id', '=', current.pass_id)
          .execute();
        return { kind: 'rotated', passId: current.pass_id, next: issued } as const;
      });
    },
  };
}
export type DevicePasses = ReturnType<typeof createDevicePasses>;
