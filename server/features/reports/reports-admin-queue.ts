import { AppError } from '#server/lib/errors';
import type { AdminQueue } from '../admin';
import type { NotificationsService } from '../notifications';
import { reportsRepo } from './reports.repo';

/** Whom a report is about, when its evidence says: the member reported, or a reported message's sender. */
function subjectOf(kind: string, targetId: string, excerpt: unknown): string | null {
  if (kind === 'member') return targetId;
  const e = (excerpt ?? {}) as Record<string, unknown>;
  for (const key of ['reportedSenderId', 'authorId', 'userId']) if (typeof e[key] === 'string') return e[key] as string;
  return null;
}

/**
 * Members' reports (messages, members, lesson Q&A; jobs and gigs as those areas add kinds).
 * Dismiss closes it as unfounded; resolve records that it was dealt with; warn also sends the
 * member it is about the admin's note. Suspending goes through the member's page.
 */
export function reportsQueue(notifications: NotificationsService): AdminQueue {
  return {
    kind: 'reports',
    label: 'Reports',
    count: (tx) => reportsRepo.openCount(tx),
    async list(tx, page) {
      const rows = await reportsRepo.openPage(tx, page);
      return rows.map((r) => {
        const subject = subjectOf(r.kind, r.targetId, r.excerpt);
        return {
          id: r.id,
          title: `Reported ${r.kind.replace(/_/g, ' ')}`,
          summary: r.reason,
          createdAt: r.createdAt.toISOString(),
          link: subject ? `/admin/dashboard/members/${subject}` : null,
          subjectUserId: subject,
          evidence: { kind: r.kind, targetId: r.targetId, reporterId: r.reporterId, excerpt: r.excerpt },
        };
      });
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
