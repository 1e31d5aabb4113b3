import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { AccountsService } from '../accounts';
import type { Audit } from '#server/lib/audit/audit';
import type { NotificationsService } from '../notifications';
import type { MoneySteps } from '../privacy';
import type { SkillsService } from '../skills';

/** What mentorship's services need from the platform and the other features. */
export interface MentorshipDeps {
  db: Db;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  audit: Audit;
  moneySteps: MoneySteps;
  skills: SkillsService;
  now: () => Date;
  log: FastifyBaseLogger;
}
