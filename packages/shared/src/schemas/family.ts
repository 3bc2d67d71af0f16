import { z } from 'zod';
import { MEMBER_ROLES } from '../family-roles.js';
import { IdSchema, textSchema } from './common.js';

/** Issue 37: invites, members and roles of a shared child (docs/decisions/021). */

export const MemberRoleSchema = z.enum(MEMBER_ROLES, { error: 'role must be "co-parent" or "tutor"' });
export const ChildRoleSchema = z.enum(['owner', ...MEMBER_ROLES]);

/** Seven days, as a device pass: long enough to pass on, short enough to forget safely. */
export const INVITE_DAYS = 7;

export const CreateInviteSchema = z.object({ role: MemberRoleSchema });
export type CreateInvite = z.infer<typeof CreateInviteSchema>;

export const CreatedInviteSchema = z.object({
  id: IdSchema,
  /** Its last path segment is the one-time secret: shown once, never stored. */
  url: z.string(),
  expiresAt: z.string(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

/** An open invite as the owner lists it: never its secret. */
export const InviteSchema = z.object({
  id: IdSchema,
  role: MemberRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const InviteListSchema = z.array(InviteSchema);
export type Invite = z.infer<typeof InviteSchema>;

export const InviteParamsSchema = z.object({ childId: IdSchema, inviteId: IdSchema });
export const MemberParamsSchema = z.object({ childId: IdSchema, parentId: IdSchema });

/** 32 random bytes (256 bits) in base64url: 43 characters. */
export const InviteSecretBodySchema = z.object({
  secret: textSchema('secret is required').regex(/^[A-Za-z0-9_-]{43}$/, {
    error: 'This invite link is not valid.',
  }),
});

export const AcceptedInviteSchema = z.object({ childId: IdSchema, role: MemberRoleSchema });
export type AcceptedInvite = z.infer<typeof AcceptedInviteSchema>;

/** What the accept page shows before the parent accepts. */
export const InvitePreviewSchema = z.object({
  childName: z.string(),
  role: MemberRoleSchema,
  invitedBy: z.string(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const MemberSchema = z.object({
  parentId: IdSchema,
  name: z.string(),
  role: ChildRoleSchema,
  since: z.string(),
});
export const MemberListSchema = z.array(MemberSchema);
export type Member = z.infer<typeof MemberSchema>;

export const INVITE_MESSAGES = {
  used: 'This invite has already been used. Ask for a new one.',
  withdrawn: 'This invite was withdrawn. Ask for a new one.',
  expired: 'This invite has expired. Ask for a new one.',
  own: 'This is your own child: send the link to the other adult.',
  notFound: 'This invite link is not valid.',
  alreadyMember: 'You already share this child.',
} as const;
