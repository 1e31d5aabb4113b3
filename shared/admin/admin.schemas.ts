import { z } from 'zod';
import { ROLES, ZRestriction, ZRole } from '../roles';

/** One page of every admin list (server-side paging). */
export const ADMIN_PAGE_SIZE = 25;
const ZPage = z.coerce.number().int().min(1, 'Page starts at 1').max(100_000).default(1);
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2200-12-31';
  }, 'A real date between 2000 and 2200');

export const MEMBER_STATUSES = ['active', 'unverified', 'suspended', 'deleted'] as const;
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export type TMemberStatus = z.infer<typeof ZMemberStatus>;
export const MEMBER_SORTS = ['newest', 'oldest', 'name', 'username'] as const;

/** GET /api/admin/users?q=&role=&status=&page= (issue 16's contract) plus joined dates and a sort. */
export const ZAdminUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: ZRole.optional(),
  status: ZMemberStatus.optional(),
  joinedFrom: ZDay.optional(),
  joinedTo: ZDay.optional(),
  sort: z.enum(MEMBER_SORTS).default('newest'),
  page: ZPage,
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: ZRole,
  roles: z.array(ZRole),
  suspended: z.boolean(),
  emailVerified: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserList = z.object({
  users: z.array(ZAdminUser),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZUserParams = z.object({ id: z.uuid('Member not found') });

export const ZSuspendInput = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in a few words the member will read')
    .max(1_000, 'At most 1,000 characters'),
  restrictions: z.array(ZRestriction).min(1, 'Choose at least one restriction').max(6),
  /** ISO date-time in the future; without it the suspension lasts until lifted. */
  endsAt: z.iso.datetime({ offset: true, message: 'An end date and time' }).nullish(),
});
export type TSuspendInput = z.infer<typeof ZSuspendInput>;

/** Any roles but admin: admins are made by invitation or the command line, never from the console. */
export const GRANTABLE_ROLES = ROLES.filter((r) => r !== 'admin');
export const ZRolesInput = z.object({
  roles: z
    .array(ZRole)
    .min(1, 'A member holds at least one role')
    .max(ROLES.length)
    .refine((roles) => !roles.includes('admin'), 'The admin role cannot be given here'),
  reason: z.string().trim().max(1_000).optional(),
});
export type TRolesInput = z.infer<typeof ZRolesInput>;

export const ZActionReason = z.object({ reason: z.string().trim().max(1_000).optional() });

export const ZSuspensionView = z.object({
  id: z.string(),
  reason: z.string(),
  restrictions: z.array(ZRestriction),
  endsAt: z.string().nullable(),
  liftedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** In the member's history (issue 26): who set it, and who lifted it (null: it ended by itself). */
  createdByName: z.string().nullable().optional(),
  liftedBy: z.string().nullable().optional(),
  liftedByName: z.string().nullable().optional(),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  /** The member the entry is about (its target, or the one an appeal or a report names), by name. */
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** A member's page: the account, its suspensions, sessions, what they did, what was done. */
export const ZAdminMemberDetail = z.object({
  user: ZAdminUser.extend({ avatarUrl: z.string().nullable(), lastSeenAt: z.string().nullable() }),
  suspension: ZSuspensionView.nullable(),
  suspensions: z.array(ZSuspensionView),
  sessions: z.number(),
  activity: z.array(z.object({ label: z.string(), value: z.number() })),
  reportsAbout: z.number(),
  actions: z.array(ZAuditEntry),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

export const ZRevokedSessions = z.object({ ended: z.number() });
export const ZSent = z.object({ message: z.string() });

export const ZAuditQuery = z.object({
  page: ZPage,
  actorId: z.uuid().optional(),
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;
export const ZAuditList = z.object({
  entries: z.array(ZAuditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TAuditList = z.infer<typeof ZAuditList>;

/** POST /api/admin/confirm: the admin's password again before destructive actions. */
export const ZConfirmInput = z.object({ password: z.string().min(1, 'Enter your password').max(200) });
export const ZConfirmed = z.object({ confirmedUntil: z.string() });
/** A destructive action asks again after this long without a confirmation. */
export const CONFIRM_MINUTES = 15;

export const ZQueueSummary = z.object({ kind: z.string(), label: z.string(), open: z.number() });
export const ZQueueList = z.object({ queues: z.array(ZQueueSummary) });
export type TQueueSummary = z.infer<typeof ZQueueSummary>;

export const ZQueueParams = z.object({ kind: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/, 'No such queue') });
export const ZQueueItemParams = ZQueueParams.extend({ id: z.string().min(1).max(100) });
export const ZQueueQuery = z.object({ page: ZPage });

export const ZClaim = z.object({
  adminId: z.string(),
  adminName: z.string(),
  claimedAt: z.string(),
  mine: z.boolean(),
});
export type TClaim = z.infer<typeof ZClaim>;

/** One item of a queue, however its area keeps it: what it is, the evidence, who holds it. */
export const ZQueueItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  /** Where in the console (or app) to act on it, when its area has its own screen. */
  link: z.string().nullable(),
  /** The member the item is about, for warn and suspend. */
  subjectUserId: z.string().nullable(),
  evidence: z.unknown(),
  /** The actions the queue takes through POST .../items/:id/actions. */
  actions: z.array(z.string()),
  claim: ZClaim.nullable(),
});
export type TQueueItem = z.infer<typeof ZQueueItem>;
export const ZQueueItems = z.object({
  kind: z.string(),
  label: z.string(),
  items: z.array(ZQueueItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TQueueItems = z.infer<typeof ZQueueItems>;

export const ZQueueAction = z.object({
  action: z.string().min(1).max(40),
  note: z.string().trim().max(1_000).optional(),
});
export type TQueueAction = z.infer<typeof ZQueueAction>;
export const ZQueueActionResult = z.object({ id: z.string(), status: z.string() });

/** The appeal form on /suspended. */
export const ZAppealInput = z.object({
  message: z.string().trim().min(10, 'Tell us why, in at least 10 characters').max(2_000, 'At most 2,000 characters'),
});
export type TAppealInput = z.infer<typeof ZAppealInput>;
export const ZAppeal = z.object({
  id: z.string(),
  status: z.enum(['open', 'granted', 'denied']),
  message: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type TAppeal = z.infer<typeof ZAppeal>;
export const ZMyAppeal = z.object({ appeal: ZAppeal.nullable() });

export const ZStatsQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });
export type TStatsQuery = z.infer<typeof ZStatsQuery>;

export const FIGURE_UNITS = ['count', 'money'] as const;
/** One figure by day over the range; money in minor units of `currency`. */
export const ZDailyFigure = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(FIGURE_UNITS),
  currency: z.string().nullable(),
  points: z.array(z.number()),
  total: z.number(),
});
/** A figure split by category at the end of the range (members by role, open queues). */
export const ZBreakdownFigure = z.object({
  key: z.string(),
  label: z.string(),
  items: z.array(z.object({ key: z.string(), label: z.string(), value: z.number() })),
});
/**
 * Where the members' naira stands now, in kobo (issue 27, Admin): their `held`, `pending`,
 * `available` and `paid_out` accounts summed, and the platform's fees kept. Read from the
 * ledger in one statement; null on a server without the wallet area.
 */
export const ZMoneyTotals = z.object({
  currency: z.literal('NGN'),
  heldMinor: z.number().int(),
  pendingMinor: z.number().int(),
  availableMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  platformFeesMinor: z.number().int(),
});
export type TMoneyTotals = z.infer<typeof ZMoneyTotals>;
export const ZStats = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  daily: z.array(ZDailyFigure),
  breakdowns: z.array(ZBreakdownFigure),
  money: ZMoneyTotals.nullable(),
});
export type TStats = z.infer<typeof ZStats>;
export type TDailyFigure = z.infer<typeof ZDailyFigure>;
export type TBreakdownFigure = z.infer<typeof ZBreakdownFigure>;
/** The longest range the overview draws: a year of days. */
export const STATS_MAX_DAYS = 366;

/** POST /api/admin/invitations: another admin, by email; they set a password through a mailed link. */
export const ZInviteInput = z.object({ email: z.email('A valid email address').trim().toLowerCase().max(254) });
export const ZInvited = z.object({ id: z.string(), email: z.string(), message: z.string() });
/** POST /api/admin-invitations/accept: the mailed link's token and the new admin's password. */
export const ZAcceptInvite = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(8, 'At least 8 characters').max(200, 'At most 200 characters'),
});
/** The invitation page's form: the password twice; a mismatch is told under the password, where the page shows its errors. */
export const ZAcceptInviteForm = ZAcceptInvite.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'The passwords do not match', path: ['password'] });
export type TAcceptInviteForm = z.infer<typeof ZAcceptInviteForm>;
