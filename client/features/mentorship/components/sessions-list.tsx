import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TSession } from '#shared/mentorship/sessions.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { PageSpinner } from '#client/components/ui/spinner';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useNow } from '#client/lib/use-now';
import { createCall, videoCallPath } from '#client/features/calls';
import { MessageButton } from '#client/features/chat';
import { sessionsQueryOptions, useCancelSession } from '../api/sessions-api';
import { dayTimeLabel } from '../format';
import { viewerTimeZone } from '../api/slots-api';
import { BookingWidget, timeLabel } from './booking-widget';

/** Upcoming sessions of one side, with Join, Reschedule and Cancel (decision 032), for both dashboards. */
export function SessionsList({ role }: { role: 'mentor' | 'mentee' }) {
  const { data } = useQuery(sessionsQueryOptions(role));
  const tz = viewerTimeZone();
  return (
    <Card aria-labelledby={`sessions-${role}-title`}>
      <CardHeader>
        <h2 id={`sessions-${role}-title`} className="text-lg font-semibold">
          Upcoming sessions
        </h2>
        <CardDescription>Times in {tz}. Join opens 10 minutes before the start.</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <PageSpinner label="Loading sessions…" />
        ) : data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No upcoming sessions.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Upcoming sessions">
            {data.map((s) => (
              <SessionRow key={s.id} session={s} tz={tz} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session: s, tz }: { session: TSession; tz: string }) {
  // Renewed every 30 s, so "Join" turns on when the call opens without a reload.
  const now = useNow(30_000).getTime();
  const navigate = useNavigate();
  const cancel = useCancelSession();
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [joining, setJoining] = useState(false);
  const other = s.role === 'mentor' ? s.mentee : s.mentor;
  const open = s.canJoin || now >= Date.parse(s.callOpensAt);
  const changeable = now < Date.parse(s.changeableUntil);

  async function join() {
    setJoining(true);
    try {
      const room = await createCall({ source: { kind: 'session', id: s.id } });
      await navigate(videoCallPath(room));
    } catch (error) {
      toast(failureToast('Could not open the call', error as Error));
    } finally {
      setJoining(false);
    }
  }

  return (
    <li className="space-y-2 py-3" aria-label={`Session with ${other.fullName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">
            {dayTimeLabel(s.start, tz)}–{timeLabel(s.end, tz)}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {s.role === 'mentor' ? 'Mentee' : 'Mentor'}: {other.fullName}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={join}
            disabled={!open}
            loading={joining}
            title={open ? undefined : 'Opens 10 minutes before the start'}
          >
            Join
          </Button>
          {other.username ? <MessageButton userId={other.id} label="Chat" /> : null}
          {changeable ? (
            <Button variant="outline" onClick={() => setMoving((m) => !m)} aria-expanded={moving}>
              Reschedule
            </Button>
          ) : null}
          <Button variant="ghost-destructive" onClick={() => setAsking(true)}>
            Cancel
          </Button>
        </div>
      </div>
      {moving ? (
        <BookingWidget
          mentorId={s.mentor.id}
          rescheduleId={s.id}
          minutes={(Date.parse(s.end) - Date.parse(s.start)) / 60_000}
          onDone={() => setMoving(false)}
        />
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cancel this session?"
        description={
          changeable || s.role === 'mentor'
            ? 'The time is freed for others.'
            : 'It starts within 12 hours: cancelling now still uses one of this period’s sessions.'
        }
        confirmText="Cancel session"
        cancelText="Keep it"
        confirmVariant="destructive"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(s.id, { onSettled: () => setAsking(false) })}
      />
    </li>
  );
}
