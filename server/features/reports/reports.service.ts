import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TReportInput, TReportStatus } from '#shared/reports/reports.schemas';
import type { ReportKind } from './report-kinds';
import { reportsRepo } from './reports.repo';

/** Reports to the admins' queue; the admin console (a later issue) works them. */
export function createReportsService(deps: { db: Db }) {
  const { db } = deps;
  const kinds = new Map<string, ReportKind>();

  return {
    addKind(kind: ReportKind): void {
      if (kinds.has(kind.kind)) throw new Error(`report kind ${kind.kind} is already registered`);
      kinds.set(kind.kind, kind);
    },

    async create(reporter: TUser, input: TReportInput) {
      const kind = kinds.get(input.kind);
      if (!kind)
        throw new AppError('VALIDATION_FAILED', 'This cannot be reported yet.', { kind: 'Not a kind of report' });
      return transaction(db, async (tx) => {
        const excerpt = await kind.excerpt(reporter, input.targetId, tx);
        if (excerpt === undefined)
          throw new AppError('NOT_FOUND', 'Nothing to report here: it does not exist or you cannot see it.');
        const thread = (await kind.thread?.(reporter, input.targetId, input.conversationId, tx)) ?? null;
        return reportsRepo.insert(tx, {
          reporterId: reporter.id,
          kind: input.kind,
          targetId: input.targetId,
          reason: input.reason,
          excerpt,
          thread,
        });
      });
    },

    async list(status: TReportStatus) {
      const rows = await reportsRepo.inStatus(db, status);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        targetId: r.targetId,
        reporterId: r.reporterId,
        reason: r.reason,
        excerpt: r.excerpt,
        thread: r.thread,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
