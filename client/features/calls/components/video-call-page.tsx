import { useQuery } from '@tanstack/react-query';
import { CalendarClock, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCall } from '#shared/calls/calls.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { StateCard } from '#client/components/state-card';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { useUser } from '#client/features/accounts';
import { callQueryOptions } from '../api/calls-api';
import { useLocalMedia } from '../hooks/use-local-media';
import { CallEndedCard } from './call-ended-card';
import { InCall } from './in-call';
import { PreJoin } from './pre-join';

/**
 * `/video-call?room={id}`: a 1:1 call between the room's two members. `relay=1` sends
 * everything through TURN (both addresses stay hidden; the browser tests prove the TURN path).
 */
export function VideoCallPage() {
  const [params] = useSearchParams();
  const room = params.get('room') ?? '';
  const relayOnly = params.get('relay') === '1';
  const user = useUser().data;
  const query = useQuery({ ...callQueryOptions(room), enabled: room !== '' });

  if (!room || isApiError(query.error, 404)) {
    return (
      <StateCard icon={SearchX} title="Call not found">
        This call does not exist, or it is not yours to join.
      </StateCard>
    );
  }
  if (isApiError(query.error, 409)) {
    return (
      <StateCard icon={CalendarClock} title="Not open yet">
        {serverMessage(query.error)}
      </StateCard>
    );
  }
  if (query.error)
    return <LoadFailedCard what="this call" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data || !user) return <PageSpinner label="Loading the call…" />;
  if (query.data.endedAt) return <CallEndedCard />;
  return <CallScreen key={room} call={query.data} me={user.id} relayOnly={relayOnly} />;
}

function CallScreen({ call, me, relayOnly }: { call: TCall; me: string; relayOnly: boolean }) {
  const media = useLocalMedia();
  const [joined, setJoined] = useState(false);
  const other = call.participants.find((p) => p.id !== me);
  return (
    <>
      <DocumentTitle title="Video call" />
      {joined ? (
        <InCall call={call} me={me} media={media} relayOnly={relayOnly} />
      ) : (
        <PreJoin media={media} otherName={other?.fullName ?? 'the other member'} onJoin={() => setJoined(true)} />
      )}
    </>
  );
}
