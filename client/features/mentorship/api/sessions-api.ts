import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAllowanceList,
  ZSessionCreated,
  ZSessionList,
  type TAllowance,
  type TSession,
} from '#shared/mentorship/sessions.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';

export const sessionsKey = ['/api/mentorship/sessions'] as const;
export const allowancesKey = ['/api/mentorship/allowances'] as const;

/** GET /api/mentorship/sessions?role=: one side's upcoming sessions. */
export const sessionsQueryOptions = (role: 'mentor' | 'mentee') =>
  queryOptions({
    queryKey: [...sessionsKey, role] as const,
    queryFn: async ({ signal }): Promise<TSession[]> =>
      ZSessionList.parse(await apiGet<unknown>(`/api/mentorship/sessions?role=${role}`, signal)).sessions,
  });

/** GET /api/mentorship/allowances: the mentee's live subscriptions and sessions left this period. */
export const allowancesQueryOptions = () =>
  queryOptions({
    queryKey: allowancesKey,
    queryFn: async ({ signal }): Promise<TAllowance[]> =>
      ZAllowanceList.parse(await apiGet<unknown>('/api/mentorship/allowances', signal)).allowances,
  });

function useRefresh() {
  const client = useQueryClient();
  return (mentorId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: sessionsKey }),
      client.invalidateQueries({ queryKey: allowancesKey }),
      client.invalidateQueries({ queryKey: ['/api/mentors', mentorId, 'slots'] }),
    ]);
}

const sessionOf = async (p: Promise<unknown>) => ZSessionCreated.parse(await p).session;

/** POST /api/mentorship/sessions. */
export function useBookSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { subscriptionId: string; start: string }) =>
      sessionOf(apiPost<unknown>('/api/mentorship/sessions', input)),
    onSuccess: (s) => {
      toast({ title: 'Session booked', description: 'You will get a reminder a day and 15 minutes before.' });
      return refresh(s.mentor.id);
    },
    onError: (error) => toast(failureToast('Could not book the session', error)),
  });
}

/** POST /api/mentorship/sessions/{id}/reschedule. */
export function useRescheduleSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, start }: { id: string; start: string }) =>
      sessionOf(apiPost<unknown>(`/api/mentorship/sessions/${encodeId(id)}/reschedule`, { start })),
    onSuccess: (s) => {
      toast({ title: 'Session moved' });
      return refresh(s.mentor.id);
    },
    onError: (error) => toast(failureToast('Could not move the session', error)),
  });
}

/** POST /api/mentorship/sessions/{id}/cancel. */
export function useCancelSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => sessionOf(apiPost<unknown>(`/api/mentorship/sessions/${encodeId(id)}/cancel`)),
    onSuccess: (s) => {
      toast({ title: 'Session cancelled' });
      return refresh(s.mentor.id);
    },
    onError: (error) => toast(failureToast('Could not cancel the session', error)),
  });
}
