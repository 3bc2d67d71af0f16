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
  /** Each child with their lists, grades and practice; typed here only where issue 20 added to it. */
  children: z.array(
    z.looseObject({
      /** The pause chosen for dictation (issue 20); null when the child still has the default. */
      dictationSettings: z.object({ pauseSeconds: z.number(), updatedAt: z.string() }).nullable(),
      /** Sheets printed for the child (issue 20), with the words as they were printed. */
      printedSheets: z.array(
        z.object({
          id: z.string(),
          wordSetId: z.string().nullable(),
          title: z.string(),
          wordIds: z.array(z.string()),
          words: z.array(z.string()),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  /** Official lists this parent published (they stay, anonymised, when the account is deleted). */
  officialWordSets: z.array(z.unknown()),
  /**
   * Codes this parent made to share a list (issue 37), stopped ones too; `wordSetId` null once
   * the set is deleted. Each imported set says its code in `importedFromCode`.
   */
  sharedLists: z.array(
    z.object({
      code: z.string(),
      wordSetId: z.string().nullable(),
      createdAt: z.string(),
      stoppedAt: z.string().nullable(),
    }),
  ),
  /** Reminder settings (issue 38); null when never set (reminders off). */
  reminders: z
    .object({
      time: z.string(),
      days: z.array(z.number()),
      push: z.boolean(),
      email: z.boolean(),
      timeZone: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** Devices push reminders go to: the push service's address for each, without its keys. */
  pushDevices: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
});
