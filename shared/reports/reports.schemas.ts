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
  /** A member reported from a conversation: its recent messages are kept as evidence. */
  conversationId: z.string().uuid().optional(),
});
export type TReportInput = z.infer<typeof ZReportInput>;

export const ZReportCreated = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });

/** One message of the thread kept with a report, as it read at report time. */
export const ZThreadLine = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  body: z.string(),
  deleted: z.boolean(),
  attachment: z.boolean(),
  createdAt: z.string(),
});
export type TThreadLine = z.infer<typeof ZThreadLine>;

/** The conversation around what was reported, copied at report time (decision 054). */
export const ZReportThread = z.object({
  conversationId: z.string(),
  /** The reported message, highlighted; null for a member reported from the conversation. */
  reportedMessageId: z.string().nullable(),
  lines: z.array(ZThreadLine),
});
export type TReportThread = z.infer<typeof ZReportThread>;

/** What the admins' reports queue shows of one report: who, what, why, and the thread. */
export const ZReportEvidence = z.object({
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  reason: z.string(),
  reporter: z.object({ id: z.string(), name: z.string() }).nullable(),
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  thread: ZReportThread.nullable(),
  /** The kind's own excerpt (a profile, a lesson question), for the Details toggle. */
  excerpt: z.unknown(),
});
export type TReportEvidence = z.infer<typeof ZReportEvidence>;

export const ZReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  reporterId: z.string().nullable(),
  reason: z.string(),
  /** What the reported thing said when it was reported (a conversation's last lines, a profile). */
  excerpt: z.unknown(),
  thread: ZReportThread.nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export const ZReportsQuery = z.object({ status: z.enum(REPORT_STATUSES).default('open') });
export const ZReportList = z.object({ reports: z.array(ZReport) });
