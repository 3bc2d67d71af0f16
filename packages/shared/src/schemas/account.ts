import { z } from 'zod';

/** `GET /account/export`: everything SpellWell holds about a parent (PDPA access request). */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  parent: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), createdAt: z.string() }),
  children: z.array(z.unknown()),
  /** Official lists this parent published (they stay, anonymised, when the account is deleted). */
  officialWordSets: z.array(z.unknown()),
});
