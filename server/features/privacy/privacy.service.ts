import type { Db } from '#server/db/client';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { AccountsService } from '../accounts';
import type { AuthService } from '../auth';
import type { NotificationsService } from '../notifications';
import type { UploadsService } from '../uploads';
import { createAccountDeletion } from './account-deletion';
import { createAgeGate } from './age-gate';
import { createDataExports } from './data-export';
import { createPrivacyRegistry } from './privacy-registry';
import { privacyRepo } from './privacy.repo';

export interface PrivacyDeps {
  db: Db;
  accounts: AccountsService;
  auth: AuthService;
  notifications: NotificationsService;
  uploads: UploadsService;
  realtime: RealtimeService;
  jobs: QueueService;
  appUrl: string;
  now: () => Date;
}

/**
 * Privacy rights (issue 11, decision 020): the age gate of the money steps, "Download my data"
 * and "Delete my account", over a registry in which every area puts its exporter and eraser.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const registry = createPrivacyRegistry();
  const ageGate = createAgeGate(deps);
  const exports = createDataExports({ ...deps, registry });
  const deletion = createAccountDeletion({ ...deps, registry });

  // Privacy's own records: the date of birth, the guardian's consent, a scheduled deletion.
  registry.registerExporter('privacy', async (userId, tx) => ({
    dateOfBirth: (await privacyRepo.birthDate(tx, userId)) ?? null,
    guardianConsent: (await privacyRepo.guardian(tx, userId)) ?? null,
    scheduledDeletion: (await privacyRepo.deletion(tx, userId)) ?? null,
  }));

  return {
    registerExporter: registry.registerExporter,
    registerEraser: registry.registerEraser,
    registerErasersFirst: registry.registerErasersFirst,
    ageStatus: ageGate.status,
    requireMoneyConsent: ageGate.requireMoneyConsent,
    recordBirthDate: ageGate.recordBirthDate,
    requestGuardian: ageGate.requestGuardian,
    guardianRequest: ageGate.guardianRequest,
    guardianConsent: ageGate.consent,
    currentExport: exports.current,
    requestExport: exports.request,
    buildExport: exports.build,
    downloadExport: exports.download,
    deletion: deletion.scheduled,
    requestDeletion: deletion.request,
    cancelDeletion: (userId: string) => deletion.cancel(userId, 'cancelled'),
    erase: deletion.erase,
    releaseUsernames: deletion.releaseUsernames,
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
