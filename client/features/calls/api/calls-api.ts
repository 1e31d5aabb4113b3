import { queryOptions } from '@tanstack/react-query';
import { ZCall, ZCallCreated, type TCall, type TCreateCall } from '#shared/calls/calls.schemas';
import { apiGet, apiPost, encodeId } from '#client/lib/api-client';

/** GET /api/calls/{room}: its two members, and ICE servers with this member's TURN credentials. */
export const callQueryOptions = (room: string) =>
  queryOptions({
    queryKey: ['/api/calls', room] as const,
    queryFn: async ({ signal }): Promise<TCall> =>
      ZCall.parse(await apiGet<unknown>(`/api/calls/${encodeId(room)}`, signal)),
    // TURN credentials are minted per fetch; a call page keeps the ones it joined with.
    staleTime: Infinity,
    retry: false,
  });

/** POST /api/calls: the conversation's (or another source's) open call, made if there is none. */
export async function createCall(input: TCreateCall): Promise<string> {
  return ZCallCreated.parse(await apiPost<unknown>('/api/calls', input)).room;
}

export const videoCallPath = (room: string) => `/video-call?room=${encodeURIComponent(room)}`;
