import * as Dialog from '@radix-ui/react-dialog';
import { Phone, PhoneOff } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Avatar } from '#client/features/profiles';
import { videoCallPath } from '../api/calls-api';
import { answerRing, declineRing } from './bind-rings';
import { startRingAlert } from './ring-alert';
import { ringStore } from './ring-store';

/**
 * An incoming call, on every page of every tab of the callee (decision 051): who calls, Accept
 * (to the call) and Decline (the caller is told). It rings and flashes the tab title until the
 * ring ends here or anywhere else; Escape only silences this tab.
 */
export function IncomingCallDialog() {
  const stored = useSyncExternalStore(ringStore.subscribe, ringStore.get, () => null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // A tab already on this call's page is answering it: its Join button must stay reachable.
  const onItsPage = pathname === '/video-call' && new URLSearchParams(search).get('room') === stored?.room;
  const ring = onItsPage ? null : stored;
  const room = ring?.room;
  const name = ring?.caller.fullName;
  const until = ring?.until;

  useEffect(() => {
    if (!room || !name || !until) return;
    const stopAlert = startRingAlert(name);
    // The server's "missed" may not reach a tab that lost its socket: the ring ends on time anyway.
    const expiry = setTimeout(() => ringStore.stop(room), Math.max(0, Date.parse(until) - Date.now()));
    return () => {
      clearTimeout(expiry);
      stopAlert();
    };
  }, [room, name, until]);

  if (!ring) return null;
  const accept = () => {
    answerRing(ring.room);
    void navigate(videoCallPath(ring.room));
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && ringStore.stop(ring.room)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="incoming-call"
          className="fixed top-1/2 left-1/2 z-[60] flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center rounded-2xl border border-zinc-200 bg-white p-6 text-center shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Avatar
            name={ring.caller.fullName}
            url={ring.caller.avatarUrl}
            size={80}
            className="motion-safe:animate-pulse"
          />
          <Dialog.Title className="mt-4 text-lg font-semibold tracking-tight break-words">
            {ring.caller.fullName}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Incoming video call…
          </Dialog.Description>
          <div className="mt-6 grid w-full grid-cols-2 gap-3">
            <Button variant="destructive" onClick={() => declineRing(ring.room)}>
              <PhoneOff aria-hidden="true" className="size-4" />
              Decline
            </Button>
            <Button variant="success" onClick={accept}>
              <Phone aria-hidden="true" className="size-4" />
              Accept
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
