import { describe, expect, it } from 'vitest';
import {
  forbiddenMessage,
  memberRolesWith,
  roleCan,
  type Capability,
  type ChildRole,
} from './family-roles.js';

describe('family roles', () => {
  const table: Array<[ChildRole, Capability, boolean]> = [
    ['owner', 'practise', true],
    ['owner', 'edit', true],
    ['owner', 'manage', true],
    ['co-parent', 'practise', true],
    ['co-parent', 'edit', true],
    ['co-parent', 'manage', false],
    ['tutor', 'practise', true],
    ['tutor', 'edit', false],
    ['tutor', 'manage', false],
  ];
  it.each(table)('%s may %s: %s', (role, capability, allowed) => {
    expect(roleCan(role, capability)).toBe(allowed);
  });

  it('lets through in a query exactly the member roles that may', () => {
    expect(memberRolesWith('practise')).toEqual(['co-parent', 'tutor']);
    expect(memberRolesWith('edit')).toEqual(['co-parent']);
    expect(memberRolesWith('manage')).toEqual([]);
  });

  it('names the role in a refusal', () => {
    expect(forbiddenMessage('tutor', 'edit', 'edit word sets')).toBe("A tutor can't edit word sets.");
    expect(forbiddenMessage('co-parent', 'manage')).toBe("A co-parent can't manage this child's family.");
  });
});
