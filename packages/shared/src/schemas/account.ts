import { z } from 'zod';

/** `GET /account/export`: everything SpellWell holds about a parent (PDPA access request). */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  parent: z.object({
    id: z.string(),
    /** Who signed in: Google's subject for the account ("demo:…" for the demo sign-in). */
    googleSubject: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** Sign-in sessions (refresh tokens), without the token hashes. */
  sessions: z.array(
    z.object({
      id: z.string(),
      familyId: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      familyExpiresAt: z.string(),
      usedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  children: z.array(z.unknown()),
  /** Official lists this parent published (they stay, anonymised, when the account is deleted). */
  officialWordSets: z.array(z.unknown()),
});
