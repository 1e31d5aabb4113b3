import { z } from 'zod';
import { isTimeZone, minutesOf } from './zoned-time';

/** Sessions may be moved or cancelled until this long before they start (later cancels count as used). */
export const SESSION_CHANGE_CUTOFF_HOURS = 12;
/** Not joining the call this long after the start is a no-show (ADPList's rule). */
export const NO_SHOW_AFTER_MINUTES = 10;
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM (24-hour)');
export const ZTimeZone = z.string().trim().min(1).max(64).refine(isTimeZone, 'Not a time zone');
const ZDate = z.iso.date('Use YYYY-MM-DD');

const ordered = <T extends { start: string; end: string }>(v: T) => minutesOf(v.end) > minutesOf(v.start);
const orderedMessage = { message: 'The end must be after the start', path: ['end'] };

export const ZWeeklyRule = z
  .object({ weekday: z.number().int().min(0).max(6), start: ZTime, end: ZTime })
  .refine(ordered, orderedMessage);
export type TWeeklyRule = z.infer<typeof ZWeeklyRule>;

/** `PUT /api/mentor/availability`. */
export const ZAvailabilityInput = z.object({
  timeZone: ZTimeZone,
  weekly: z.array(ZWeeklyRule).max(50),
  bufferMinutes: z.number().int().min(0).max(240).optional(),
  minNoticeHours: z.number().int().min(0).max(720).optional(),
  horizonDays: z.number().int().min(1).max(365).optional(),
});
export type TAvailabilityInput = z.infer<typeof ZAvailabilityInput>;

export const ZOverrideInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('off'), date: ZDate }),
  z.object({ kind: z.literal('extra'), date: ZDate, start: ZTime, end: ZTime }).refine(ordered, orderedMessage),
]);
export type TOverrideInput = z.infer<typeof ZOverrideInput>;

export const ZOverride = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(['off', 'extra']),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type TOverride = z.infer<typeof ZOverride>;

export const ZAvailability = z.object({
  timeZone: z.string(),
  weekly: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  bufferMinutes: z.number(),
  minNoticeHours: z.number(),
  horizonDays: z.number(),
  overrides: z.array(ZOverride),
});
export type TAvailability = z.infer<typeof ZAvailability>;

/** `GET /api/mentors/{id}/slots`: from/to are dates in `tz` (or instants); minutes picks a plan's length. */
export const ZSlotsQuery = z.object({
  from: z.union([ZDate, z.iso.datetime({ offset: true })]).optional(),
  to: z.union([ZDate, z.iso.datetime({ offset: true })]).optional(),
  tz: ZTimeZone.optional(),
  minutes: z.coerce
    .number()
    .int()
    .refine((m) => [30, 45, 60].includes(m), 'Sessions last 30, 45 or 60 minutes')
    .optional(),
});
export type TSlotsQuery = z.infer<typeof ZSlotsQuery>;

export const ZSlot = z.object({ start: z.string(), end: z.string() });
export type TSlot = z.infer<typeof ZSlot>;
export const ZSlots = z.object({ slots: z.array(ZSlot), timeZone: z.string(), minutes: z.number() });
export type TSlots = z.infer<typeof ZSlots>;

export const ZBookSession = z.object({
  subscriptionId: z.uuid('Not a subscription'),
  start: z.iso.datetime({ offset: true }),
});
export type TBookSession = z.infer<typeof ZBookSession>;
export const ZRescheduleSession = z.object({ start: z.iso.datetime({ offset: true }) });

export const ZSessionStatus = z.enum(['booked', 'completed', 'cancelled']);

const ZSessionPerson = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const ZSession = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  mentor: ZSessionPerson,
  mentee: ZSessionPerson,
  start: z.string(),
  end: z.string(),
  status: ZSessionStatus,
  /** The viewer's side. */
  role: z.enum(['mentor', 'mentee']),
  countsAsUsed: z.boolean(),
  cancelledAt: z.string().nullable(),
  mentorNoShow: z.boolean().nullable(),
  menteeNoShow: z.boolean().nullable(),
  /** Whether the viewer may still move it or cancel it without using it up. */
  changeableUntil: z.string(),
  /** The call opens this long before the start (POST /api/calls with source { kind: 'session', id }). */
  callOpensAt: z.string(),
  /** The call is open now by the server's clock (from callOpensAt until an hour after the end). */
  canJoin: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionsQuery = z.object({
  role: z.enum(['mentor', 'mentee']).optional(),
  scope: z.enum(['upcoming', 'past', 'all']).optional(),
});
export const ZSessionList = z.object({ sessions: z.array(ZSession) });
export const ZSessionCreated = z.object({ session: ZSession });

/** `GET /api/mentors/{id}/attendance`: what mentees see of a mentor's reliability. */
export const ZAttendance = z.object({
  /** Sessions whose attendance was checked (held or missed). */
  checked: z.number().int(),
  attended: z.number().int(),
  /** attended / checked, or null before any. */
  rate: z.number().nullable(),
});
export type TAttendance = z.infer<typeof ZAttendance>;

/** `GET /api/mentorship/allowances`: the viewer's live subscriptions and the sessions left in each period. */
export const ZAllowance = z.object({
  subscriptionId: z.string(),
  mentor: ZSessionPerson,
  sessionMinutes: z.number().int(),
  sessionsPerMonth: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type TAllowance = z.infer<typeof ZAllowance>;
export const ZAllowanceList = z.object({ allowances: z.array(ZAllowance) });

/** The query keys both sides' screens refresh when a session changes (data:updated). */
export const SESSION_QUERY_KEYS = (mentorId: string) =>
  [['/api/mentorship/sessions'], ['/api/mentorship/allowances'], ['/api/mentors', mentorId, 'slots']] as const;
