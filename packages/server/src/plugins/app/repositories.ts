import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import { createAccountRepository } from '../../modules/account/account-repository.js';
import { createParentsRepository } from '../../modules/auth/parents-repository.js';
import { createChildrenRepository } from '../../modules/children/children-repository.js';
import { createDictationSettingsRepository } from '../../modules/dictation/dictation-settings-repository.js';
import { createPrintedSheetsRepository } from '../../modules/dictation/printed-sheets-repository.js';
import { createInvitesRepository } from '../../modules/family/invites-repository.js';
import { createMembersRepository } from '../../modules/family/members-repository.js';
import { createGradingService } from '../../modules/grading/grading-service.js';
import { createWordsRepository } from '../../modules/grading/words-repository.js';
import { createKidAttempts } from '../../modules/kid/kid-attempts.js';
import { createOfficialWordSetsRepository } from '../../modules/official-word-sets/official-word-sets-repository.js';
import { createPracticeSessionsRepository } from '../../modules/practice-sessions/practice-sessions-repository.js';
import { createReadinessService } from '../../modules/readiness/readiness-service.js';
import { createRecordingsRepository } from '../../modules/recordings/recordings-repository.js';
import { createReviewsRepository } from '../../modules/reviews/reviews-repository.js';
import { createSharedListsRepository } from '../../modules/shared-lists/shared-lists-repository.js';
import { createSpokenWordsRepository } from '../../modules/speech/spoken-words-repository.js';
import { createWordSetsRepository } from '../../modules/word-sets/word-sets-repository.js';
import { createScanQuotaRepository } from '../../modules/scan-pool/scan-quota-repository.js';

/**
 * Every repository and service the routes use, each made once per app (its statements are
 * compiled once) and reached as `app.repositories` (or `request.server.repositories`); route
 * modules build none themselves.
 */
export function createRepositories(db: Db) {
  // One readiness service per app: it keeps each child's fitted speed, which grades are given.
  const readiness = createReadinessService(db);
  return {
    account: createAccountRepository(db),
    children: createChildrenRepository(db),
    dictationSettings: createDictationSettingsRepository(db),
    invites: createInvitesRepository(db),
    kidAttempts: createKidAttempts(db),
    members: createMembersRepository(db),
    officialWordSets: createOfficialWordSetsRepository(db),
    parents: createParentsRepository(db),
    practiceSessions: createPracticeSessionsRepository(db),
    printedSheets: createPrintedSheetsRepository(db),
    readiness,
    recordings: createRecordingsRepository(db),
    reviews: createReviewsRepository(db),
    scanQuota: createScanQuotaRepository(db),
    sharedLists: createSharedListsRepository(db),
    spokenWords: createSpokenWordsRepository(db),
    wordSets: createWordSetsRepository(db),
    words: createGradingService(createWordsRepository(db)),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
  }
}

export default fp(
  async (app) => {
    app.decorate('repositories', createRepositories(app.db));
  },
  { name: 'repositories', dependencies: ['db'] },
);
