import { randomUUID } from 'node:crypto';
import type { ChildSummary } from '@spellwell/shared';
import type { Db } from '../../../db/dialect.js';
import { nowIso } from '../../../db/dialect.js';

let lastCreatedAt = '';

// Children are listed in creation order; two added within one millisecond must still keep
// the order they were added in, so timestamps from this process never repeat.
function increasingNowIso(): string {
  const now = nowIso();
  lastCreatedAt = now > lastCreatedAt ? now : new Date(Date.parse(lastCreatedAt) + 1).toISOString();
  return lastCreatedAt;
}

export function createChildrenRepository({ kysely }: Db) {
  return {
    async create(parentId: string, name: string): Promise<ChildSummary> {
      const id = randomUUID();
      await kysely.insertInto('children').values({ id, parent_id: parentId, name, created_at: increasingNowIso() }).execute();
      return { id, name };
    },
  };
}
export type ChildrenRepository = ReturnType<typeof createChildrenRepository>;
