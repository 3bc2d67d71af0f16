import {
  AcceptedInviteSchema,
  CreatedInviteSchema,
  InviteListSchema,
  InvitePreviewSchema,
  MemberListSchema,
  type MemberRole,
} from '@spellwell/shared';
import { api } from '../../lib/api-client';

/** Issue 37: the family of a child, through the API (server: routes/api/family). */
export const familyApi = {
  members: (childId: string) => api(`/child/${childId}/members`, { schema: MemberListSchema }),
  invites: (childId: string) => api(`/child/${childId}/invites`, { schema: InviteListSchema }),
  invite: (childId: string, role: MemberRole) =>
    api(`/child/${childId}/invites`, { method: 'POST', body: { role }, schema: CreatedInviteSchema }),
  withdraw: (childId: string, inviteId: string) =>
    api(`/child/${childId}/invites/${inviteId}`, { method: 'DELETE' }),
  remove: (childId: string, parentId: string) =>
    api(`/child/${childId}/members/${parentId}`, { method: 'DELETE' }),
  preview: (secret: string) =>
    api('/invites/preview', { method: 'POST', body: { secret }, schema: InvitePreviewSchema }),
  accept: (secret: string) =>
    api('/invites/accept', { method: 'POST', body: { secret }, schema: AcceptedInviteSchema }),
};
