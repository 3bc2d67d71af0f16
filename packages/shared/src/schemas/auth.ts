import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { IdSchema, textSchema } from './common.js';
import { ChildSummarySchema } from './child.js';

export const GoogleLoginSchema = z.object({
  credential: textSchema(MESSAGES.googleCredentialMissing).min(1, MESSAGES.googleCredentialMissing).max(8192),
});
export type GoogleLogin = z.infer<typeof GoogleLoginSchema>;

export const DevLoginSchema = z.object({
  email: z.email({ error: 'A valid e-mail address is required' }).max(254),
  name: textSchema().trim().max(60).optional(),
});
export type DevLogin = z.infer<typeof DevLoginSchema>;

export const LoginResponseSchema = z.object({ accessToken: z.string(), userId: IdSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshResponseSchema = z.object({ accessToken: z.string() });

export const MeSchema = z.object({
  userId: IdSchema,
  children: z.array(ChildSummarySchema),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** What the web app needs to know before sign-in: which sign-in to offer. */
export const PublicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  demoLogin: z.boolean(),
  /** Where word audio is made: on SpellWell's servers, or by Google Cloud speech. The
   * Privacy page says which, so it is true in both configurations. */
  speech: z.enum(['local', 'google']),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
