import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TReportEvidence } from '#shared/reports/reports.schemas';
import type { AccountsService } from '../accounts';
import type { AdminQueue } from '../admin';
import type { NotificationsService } from '../notifications';
import { reportsRepo, type ReportRow } from './reports.repo';

/** The queue is read by admins, who see hidden and erased members' names (person.ts). */
const ADMIN_VIEW = { id: 'reports-queue', role: 'admin' } as const;

/** Whom a report is about, when its evidence says: the member reported, or a reported message's sender. */
function subjectOf(kind: string, targetId: string, excerpt: unknown): string | null {
  if (kind === 'member') return targetId;
  const e = (excerpt ?? {}) as Record<string, unknown>;
  for (const key of ['reportedSenderId', 'authorId', 'userId']) if (typeof e[key] === 'string') return e[key] as string;
  return null;
}

/** A report as the admin reads it: the reporter and the member it is about by name, and the thread. */
async function evidenceOf(accounts: AccountsService, r: ReportRow, subject: string | null, tx: DbOrTx) {
  const named = async (id: string | null) => {
    const person = id ? await accounts.person(id, ADMIN_VIEW, tx) : undefined;
    return id ? { id, name: person?.fullName || person?.username || 'Former member' } : null;
  };
  const evidence: TReportEvidence = {
    kind: r.kind,
    targetId: r.targetId,
    reason: r.reason,
    reporter: await named(r.reporterId),
    subject: await named(subject),
    thread: r.thread ?? null,
    excerpt: r.excerpt,
  };
  return evidence;
}

/**
 * Members' reports (messages, members, lesson Q&A; jobs and gigs as those areas add kinds).
 * Dismiss closes it as unfounded; resolve records that it was dealt with; warn also sends the
 * member it is about the admin's note. Suspending goes through the member's page.
 */
export function reportsQueue(notifications: NotificationsService, accounts: AccountsService): AdminQueue {
  return {
    kind: 'reports',
    label: 'Reports',
    count: (tx) => reportsRepo.openCount(tx),
    async list(tx, page) {
      const rows = await reportsRepo.openPage(tx, page);
      const items = [];
      for (const r of rows) {
        const subject = subjectOf(r.kind, r.targetId, r.excerpt);
        items.push({
          id: r.id,
          title: `Reported ${r.kind.replace(/_/g, ' ')}`,
          summary: r.reason,
          createdAt: r.createdAt.toISOString(),
          link: subject ? `/admin/dashboard/members/${subject}` : null,
          subjectUserId: subject,
          evidence: await evidenceOf(accounts, r, subject, tx),
        });
      }
      return items;
    },
    actions: ['dismiss', 'resolve', 'warn'],
    async act(_admin, itemId, input, tx) {
      const status = input.action === 'dismiss' ? 'dismissed' : 'resolved';
      const row = await reportsRepo.close(tx, itemId, status);
      if (!row) throw new AppError('CONFLICT', 'This report has already been handled.');
      const subject = subjectOf(row.kind, row.targetId, row.excerpt);
      if (input.action === 'warn') {
        if (!subject) throw new AppError('CONFLICT', 'This report names no member to warn.');
        await notifications.notify(
          subject,
          {
            type: 'system_update',
            title: 'A warning from the team',
            message:
              input.note || 'Something you posted was reported and breaks the community rules. Please keep to them.',
          },
          tx,
          { emailCopy: true },
        );
      }
      return {
        status,
        audit: {
          action: `report.${input.action}`,
          targetType: 'report',
          targetId: itemId,
          before: { status: 'open' },
          after: { status, subjectUserId: subject },
          reason: input.note ?? null,
        },
      };
    },
  };
}
