import { Laptop, Smartphone } from 'lucide-react';
import { useState } from 'react';
import type { TSessionView } from '#shared/accounts/security.schemas';
import { timeLabel } from '#shared/time-label';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Spinner } from '#client/components/ui/spinner';
import { useNow } from '#client/lib/use-now';
import { useSessions } from '#client/features/accounts/api/get-sessions';
import { useRevokeOtherSessions } from '#client/features/accounts/api/revoke-other-sessions';
import { useRevokeSession } from '#client/features/accounts/api/revoke-session';

const MOBILE = /Android|iPhone|iPad|iOS|Mobile/i;

/** The account's signed-in devices, with "Log out" per device and for all the others at once. */
export function SessionsList() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="sessions-heading" className="font-semibold text-zinc-900 dark:text-white">
            Where you're signed in
          </h3>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Log out any device you do not recognise, then change your password.
          </p>
        </div>
        {others > 0 ? (
          <Button variant="outline" className="shrink-0" onClick={() => setConfirming(true)}>
            Log out all other sessions
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading sessions…
        </p>
      ) : sessions.isError ? (
        <div className="mt-4">
          <LoadFailedCard
            what="your sessions"
            variant="inline"
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        </div>
      ) : (
        <ul aria-labelledby="sessions-heading" className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} now={now} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Log out all other sessions?"
        description={`${others === 1 ? 'One other device' : `${others} other devices`} will be logged out. This device stays signed in.`}
        confirmText="Log out others"
        confirmVariant="destructive"
        loading={revokeOthers.isPending}
        loadingText="Logging out…"
        onConfirm={() => revokeOthers.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

function SessionRow({ session, now }: { session: TSessionView; now: Date }) {
  const revoke = useRevokeSession();
  const device = session.device ?? 'Unknown device';
  const Icon = MOBILE.test(session.userAgent ?? '') ? Smartphone : Laptop;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
            <span className="break-words">{device}</span>
            {session.current ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                This device
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
            {session.ip ?? 'Unknown address'} · Signed in {timeLabel(session.createdAt, now)} · Last seen{' '}
            {timeLabel(session.lastSeenAt, now)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`Log out ${device}`}
          loading={revoke.isPending}
          loadingText="Logging out…"
          onClick={() => revoke.mutate(session.id)}
        >
          Log out
        </Button>
      )}
    </li>
  );
}
