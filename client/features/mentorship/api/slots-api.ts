import { queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_TIME_ZONE,
  ZAttendance,
  ZSlots,
  type TAttendance,
  type TSlots,
} from '#shared/mentorship/sessions.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';

/** The viewer's own time zone, as the browser knows it. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/**
 * GET /api/mentors/{id}/slots: free slots between two dates of the viewer's zone. The key starts
 * with ['/api/mentors', id, 'slots'], the prefix a booking's data:updated event refreshes.
 */
export const slotsQueryOptions = (
  mentorId: string,
  range: { from: string; to: string; tz: string; minutes?: number },
) =>
  queryOptions({
    queryKey: ['/api/mentors', mentorId, 'slots', range.from, range.to, range.tz, String(range.minutes ?? '')] as const,
    queryFn: async ({ signal }): Promise<TSlots> => {
      const q = new URLSearchParams({ from: range.from, to: range.to, tz: range.tz });
      if (range.minutes) q.set('minutes', String(range.minutes));
      return ZSlots.parse(await apiGet<unknown>(`/api/mentors/${encodeId(mentorId)}/slots?${q}`, signal));
    },
  });

/** GET /api/mentors/{id}/attendance: how often the mentor came to their sessions. */
export const attendanceQueryOptions = (mentorId: string) =>
  queryOptions({
    queryKey: ['/api/mentors', mentorId, 'attendance'] as const,
    queryFn: async ({ signal }): Promise<TAttendance> =>
      ZAttendance.parse(await apiGet<unknown>(`/api/mentors/${encodeId(mentorId)}/attendance`, signal)),
  });
