/**
 * Issue 37: who may do what with a shared child (docs/decisions/021). Pure, used by the server
 * to build its queries and answer 403, and by the web app to hide what a role cannot do.
 */

/** The roles a member other than the owner may have. */
export const MEMBER_ROLES = ['co-parent', 'tutor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type ChildRole = 'owner' | MemberRole;

/**
 * - `practise`: see the child's sets, practise and grade, dictation and print;
 * - `edit`: change the child's sets, profile, recordings and device passes;
 * - `manage`: delete the child, invite and remove members.
 */
export type Capability = 'practise' | 'edit' | 'manage';

export const ROLE_CAPABILITIES: Readonly<Record<ChildRole, readonly Capability[]>> = {
  owner: ['practise', 'edit', 'manage'],
  'co-parent': ['practise', 'edit'],
  tutor: ['practise'],
};

export const roleCan = (role: ChildRole, capability: Capability): boolean =>
  ROLE_CAPABILITIES[role].includes(capability);

/** The member roles (never the owner's) that have the capability: what a query lets through. */
export const memberRolesWith = (capability: Capability): MemberRole[] =>
  MEMBER_ROLES.filter((role) => roleCan(role, capability));

export const ROLE_LABELS: Readonly<Record<ChildRole, string>> = {
  owner: 'Owner',
  'co-parent': 'Co-parent',
  tutor: 'Tutor',
};

/** What a capability covers, as a 403 names it when no action is given. */
const DEFAULT_ACTIONS: Readonly<Record<Capability, string>> = {
  practise: 'practise with this child',
  edit: "change this child's word sets",
  manage: "manage this child's family",
};

/** "A tutor can't edit word sets." The role is named so the member knows why. */
export function forbiddenMessage(role: ChildRole, capability: Capability, action?: string): string {
  const label = ROLE_LABELS[role].toLowerCase();
  return `A ${label} can't ${action ?? DEFAULT_ACTIONS[capability]}.`;
}
