import type { Capability } from '@spellwell/shared';

export interface RouteAccess {
  capability: Capability;
  /** What the 403 says a role can't do ("A tutor can't edit word sets."). */
  action?: string;
}

/**
 * Issue 37: what every route that names a child asks of the parent's role on it
 * (docs/decisions/021). The queries enforce it (children/access.ts); this table lets a member
 * whose role falls short be told so (403 naming the role) instead of "not found". A route that
 * names a child and is missing here stops the server at start-up (child-access-guard.ts).
 */
export const CHILD_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The child itself.
  'PATCH /api/child/:childId': { capability: 'edit', action: "change the child's name or profile" },
  'DELETE /api/child/:childId': { capability: 'manage', action: 'delete the child' },
  // Word sets: seen by all, changed by owner and co-parent.
  'GET /api/child/:childId/word-sets/:wordSetId': { capability: 'practise' },
  'GET /api/child/:childId/trouble-words': { capability: 'practise' },
  'GET /api/child/:childId/tonight-words': { capability: 'practise' },
  'POST /api/word-sets/create/:childId': { capability: 'edit', action: 'create word sets' },
  'POST /api/word-sets/:childId/edit/:wordSetId': { capability: 'edit', action: 'edit word sets' },
  'PATCH /api/child/:childId/word-sets/:wordSetId': { capability: 'edit', action: 'edit word sets' },
  'DELETE /api/child/:childId/word-sets/:wordSetId': { capability: 'edit', action: 'delete word sets' },
  'PUT /api/child/:childId/word-sets/:wordSetId/test-result': {
    capability: 'edit',
    action: 'record test results',
  },
  'DELETE /api/child/:childId/word-sets/:wordSetId/test-result': {
    capability: 'edit',
    action: 'remove test results',
  },
  // Practising and grading.
  'POST /api/words/update/:childId/:wordId': { capability: 'practise' },
  'POST /api/words/undo/:childId/:wordId': { capability: 'practise' },
  'GET /api/practice-session/:childId/:wordSetId': { capability: 'practise' },
  'PUT /api/practice-session/:childId/:wordSetId': { capability: 'practise' },
  'DELETE /api/practice-session/:childId/:wordSetId': { capability: 'practise' },
  'POST /api/review/:childId': { capability: 'practise' },
  'GET /api/review/today/:childId': { capability: 'practise' },
  'GET /api/review/history/:childId': { capability: 'practise' },
  'GET /api/review/weeks/:childId': { capability: 'practise' },
  // Recordings: heard by all, recorded by owner and co-parent.
  'GET /api/words/recording/:childId/:wordId': { capability: 'practise' },
  'PUT /api/words/recording/:childId/:wordId': { capability: 'edit', action: 'record voices' },
  'DELETE /api/words/recording/:childId/:wordId': { capability: 'edit', action: 'delete recordings' },
  // Dictation and print.
  'GET /api/child/:childId/dictation-settings': { capability: 'practise' },
  'PUT /api/child/:childId/dictation-settings': { capability: 'practise' },
  'POST /api/child/:childId/printed-sheets': { capability: 'practise' },
  'GET /api/child/:childId/printed-sheets/:sheetId': { capability: 'practise' },
  // Marking a photo of the child's sheet is grading's first step (issue 39).
  'POST /api/child/:childId/printed-sheets/:sheetId/marking': { capability: 'practise' },
  // Lists shared by a code (issue 37 item 5): a tutor may not share the family's lists.
  'POST /api/child/:childId/word-sets/:wordSetId/share': { capability: 'edit', action: 'share word sets' },
  'GET /api/child/:childId/word-sets/:wordSetId/share': { capability: 'edit', action: 'share word sets' },
  'DELETE /api/child/:childId/word-sets/:wordSetId/share': {
    capability: 'edit',
    action: 'stop sharing word sets',
  },
  // The child's own devices (issue 36).
  'POST /api/child/:childId/device-passes': { capability: 'edit', action: 'set up devices for the child' },
  'GET /api/child/:childId/device-passes': { capability: 'edit', action: "see the child's devices" },
  'DELETE /api/child/:childId/device-passes/:passId': {
    capability: 'edit',
    action: "remove the child's devices",
  },
  // The family itself (issue 37).
  'POST /api/child/:childId/invites': { capability: 'manage', action: 'invite others' },
  'GET /api/child/:childId/invites': { capability: 'manage', action: 'see invites' },
  'DELETE /api/child/:childId/invites/:inviteId': { capability: 'manage', action: 'withdraw invites' },
  'GET /api/child/:childId/members': { capability: 'practise' },
  // The owner removes anyone; a member may remove themselves (checked by the route).
  'DELETE /api/child/:childId/members/:parentId': { capability: 'practise' },
};
