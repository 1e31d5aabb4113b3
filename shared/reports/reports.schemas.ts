import { z } from 'zod';

/**
 * What a member can report. Each area adds its kind here and registers, on the server, how to
 * find the target and the excerpt kept as evidence (server/features/reports/report-kinds.ts).
 */
export const REPORT_KINDS = ['message', 'member', 'lesson_question', 'lesson_answer'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

export const ZReportInput = z.object({
  kind: z.enum(REPORT_KINDS),
  targetId: z.string().min(1).max(100),
  reason: z.string().trim().min(3, 'Say what is wrong, in a few words').max(1_000, 'At most 1,000 characters'),
});
export type TReportInput = z.infer<typeof ZReportInput>;

export const ZReportCreated = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });

export const ZReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  reporterId: z.string().nullable(),
  reason: z.string(),
  /** What the reported thing said when it was reported (a conversation's last lines, a profile). */
  excerpt: z.unknown(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export const ZReportsQuery = z.object({ status: z.enum(REPORT_STATUSES).default('open') });
export const ZReportList = z.object({ reports: z.array(ZReport) });
