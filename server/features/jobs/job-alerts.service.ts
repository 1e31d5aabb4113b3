import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { linkMail } from '#server/lib/mail-templates';
import { sendMailJob } from '#server/lib/mail.queue';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { MAX_SAVED_SEARCHES, ZJobsQuery, savedSearchQuery, type TSavedSearch } from '#shared/jobs/jobs.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { QueueService } from '#server/queue/queue.service';
import { jobAlertsRepo, type JobSearchRow } from './job-alerts.repo';
import { jobsRepo } from './jobs.repo';
import { boardPlan } from './jobs.service';

export interface JobAlertsDeps {
  db: Db;
  accounts: AccountsService;
  notifications: NotificationsService;
  jobs: QueueService;
  appUrl: string;
  now: () => Date;
}

/** At most this many jobs per alert or digest: the rest are a click away on the board. */
const PER_ALERT = 20;
/** "At most one digest a day", with slack for a schedule that runs a little early. */
const DIGEST_GAP_MS = 20 * 3_600_000;

const present = (r: JobSearchRow): TSavedSearch => ({
  id: r.id,
  name: r.name,
  query: r.query,
  emailDigest: r.emailDigest,
  createdAt: r.createdAt.toISOString(),
});

/** The stored query string through the board's own parser; null when it no longer parses. */
function parse(query: string) {
  const parsed = ZJobsQuery.safeParse({
    ...Object.fromEntries(new URLSearchParams(query)),
    page: 1,
    pageSize: PER_ALERT,
    sort: 'newest',
  });
  return parsed.success ? parsed.data : null;
}

/** Saved searches and their alerts (issue 13 Build 7): in the app at once, by mail daily. */
export function createJobAlertsService(deps: JobAlertsDeps) {
  const { db, accounts, notifications, appUrl, now } = deps;

  async function owned(user: TUser, id: string, tx: DbOrTx = db) {
    const row = await jobAlertsRepo.owned(tx, user.id, id);
    if (!row) throw new AppError('NOT_FOUND', 'Saved search not found.');
    return row;
  }

  /** The new jobs of one search since `after`, newest first. */
  async function newJobs(search: JobSearchRow, after: Date, tx: DbOrTx) {
    const q = parse(search.query);
    if (!q) return [];
    return (await jobsRepo.board(tx, { ...boardPlan(q, now(), null), postedAfter: after })).rows;
  }

  /** Replays one search under a row lock, so that two sweeps never send the same job twice. */
  async function alertOne(id: string) {
    await transaction(db, async (tx) => {
      const search = await jobAlertsRepo.lock(tx, id);
      if (!search) return;
      const found = await newJobs(search, search.alertedUntil, tx);
      if (found.length === 0) return;
      const titles = found.slice(0, 3).map((j) => `${j.title} at ${j.companyName}`);
      await notifications.notify(
        search.userId,
        {
          type: 'system_update',
          title: found.length === 1 ? 'A new job for your search' : `${found.length} new jobs for your search`,
          message: `“${search.name}”: ${titles.join('; ')}${found.length > 3 ? '…' : ''}`.slice(0, 2000),
          link: `/jobs${search.query ? `?${search.query}` : ''}`,
        },
        tx,
      );
      const newest = found.reduce((m, j) => (j.postedAt! > m ? j.postedAt! : m), search.alertedUntil);
      await jobAlertsRepo.set(tx, id, { alertedUntil: newest });
    });
  }

  async function digestOne(id: string) {
    await transaction(db, async (tx) => {
      const search = await jobAlertsRepo.lock(tx, id);
      if (!search || !search.emailDigest) return;
      if (search.lastDigestAt && now().getTime() - search.lastDigestAt.getTime() < DIGEST_GAP_MS) return;
      const found = await newJobs(search, search.digestedUntil, tx);
      if (found.length === 0) return;
      const user = await accounts.findById(search.userId, tx);
      if (!user || user.deletedAt) return;
      const lines = [
        `${found.length} new job${found.length === 1 ? '' : 's'} match your saved search “${search.name}”:`,
        ...found.map((j) => `${j.title} at ${j.companyName} (${j.location}): ${appUrl}/jobs/${j.id}`),
        'You get this digest at most once a day. To stop it, use the link below.',
      ];
      const unsubscribe = `${appUrl}/api/saved-searches/unsubscribe?token=${search.unsubscribeToken}`;
      await deps.jobs.send(
        tx,
        sendMailJob,
        linkMail(
          user.email,
          `New jobs for “${search.name}”`,
          user.fullName,
          lines,
          'Unsubscribe from this digest',
          unsubscribe,
        ),
      );
      const newest = found.reduce((m, j) => (j.postedAt! > m ? j.postedAt! : m), search.digestedUntil);
      await jobAlertsRepo.set(tx, id, { digestedUntil: newest, lastDigestAt: now() });
    });
  }

  const allIds = (digestOnly = false) => jobAlertsRepo.ids(db, digestOnly);

  return {
    async list(user: TUser): Promise<{ searches: TSavedSearch[] }> {
      const rows = await jobAlertsRepo.ofUser(db, user.id);
      return { searches: rows.map(present) };
    },

    async create(user: TUser, input: { name?: string; query: string; emailDigest?: boolean }): Promise<TSavedSearch> {
      const query = savedSearchQuery(input.query);
      const q = parse(query);
      if (!q)
        throw new AppError('VALIDATION_FAILED', 'This search cannot be saved: check its filters.', {
          query: 'Not a search of the board',
        });
      return transaction(db, async (tx) => {
        const n = await jobAlertsRepo.countOf(tx, user.id);
        if (n >= MAX_SAVED_SEARCHES)
          throw new AppError('CONFLICT', `You can save up to ${MAX_SAVED_SEARCHES} searches: delete one first.`);
        const at = now();
        const name = input.name ?? ([q.q, q.location].filter(Boolean).join(' in ') || 'All jobs');
        const row = await jobAlertsRepo.insert(tx, {
          userId: user.id,
          name,
          query,
          emailDigest: input.emailDigest ?? true,
          alertedUntil: at,
          digestedUntil: at,
          unsubscribeToken: randomBytes(24).toString('base64url'),
          createdAt: at,
        });
        return present(row);
      });
    },

    async setDigest(user: TUser, id: string, emailDigest: boolean): Promise<TSavedSearch> {
      await owned(user, id);
      return present(await jobAlertsRepo.setDigest(db, id, emailDigest));
    },

    async remove(user: TUser, id: string): Promise<void> {
      await owned(user, id);
      await jobAlertsRepo.remove(db, id);
    },

    /** One-click unsubscribe from a digest mail: true when the token named a search. */
    async unsubscribe(token: string): Promise<boolean> {
      return jobAlertsRepo.unsubscribe(db, token);
    },

    async sweep(): Promise<void> {
      for (const id of await allIds()) await alertOne(id);
    },

    async digest(): Promise<void> {
      for (const id of await allIds(true)) await digestOne(id);
    },
  };
}

export type JobAlertsService = ReturnType<typeof createJobAlertsService>;
