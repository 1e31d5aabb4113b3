import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { isDataSaverOn } from '#client/lib/data-saver';
import { useNow } from '#client/lib/use-now';
import type { TCall } from '#shared/calls/calls.schemas';
import { useCallSession } from '../hooks/use-call-session';
import type { useLocalMedia } from '../hooks/use-local-media';
import { CallControls } from './call-controls';
import { formatDuration, peerMessage, QualityIndicator, ringEndMessage } from './call-status';
import { CallEndedCard } from './call-ended-card';
import { DevicePickers } from './device-pickers';
import { VideoView } from './video-view';

type LocalMedia = ReturnType<typeof useLocalMedia>;

/** The call itself: the other member large, yourself small, the controls below. */
export function InCall({
  call,
  me,
  media,
  relayOnly,
}: {
  call: TCall;
  me: string;
  media: LocalMedia;
  relayOnly: boolean;
}) {
  // Data saver (decision 078): the call starts audio-only, with the button to turn video on.
  const [audioOnly, setAudioOnly] = useState(isDataSaverOn);
  const audioOnlyRef = useRef(audioOnly);
  // The stream the connection sends from: fixed at join; device switches replace its tracks.
  const [sent] = useState(() => {
    media.stream!.getVideoTracks().forEach((t) => (t.enabled = !audioOnly));
    return media.stream!;
  });
  const session = useCallSession(call, me, sent, relayOnly, audioOnlyRef);
  const { connection, stats, phase } = session;
  const other = call.participants.find((p) => p.id !== me)!;
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const [dismissedSuggestion, setDismissedSuggestion] = useState(false);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);
  const now = useNow(1000);
  const canShare = typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  // The other side chose audio only (or we did): no video comes in, say so instead of a still frame.
  const remoteVideoOff = session.videoIn === false;

  const cameraTrack = () => media.stream?.getVideoTracks()[0] ?? null;
  const setTracks = (kind: 'audio' | 'video', enabled: boolean) =>
    (kind === 'audio' ? sent.getAudioTracks() : sent.getVideoTracks()).forEach((t) => (t.enabled = enabled));

  async function stopSharing() {
    screenRef.current?.getTracks().forEach((t) => t.stop());
    screenRef.current = null;
    setScreen(null);
    await connection?.replaceTrack('video', cameraTrack());
  }

  async function share() {
    if (screenRef.current) return stopSharing();
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
    const track = display?.getVideoTracks()[0];
    if (!display || !track) return;
    screenRef.current = display;
    setScreen(display);
    // The browser's own "Stop sharing" bar ends the track: back to the camera then too.
    track.addEventListener('ended', () => void stopSharing());
    await connection?.replaceTrack('video', track);
  }

  function toggleAudioOnly() {
    const next = !audioOnly;
    audioOnlyRef.current = next;
    setAudioOnly(next);
    if (next && screenRef.current) void stopSharing();
    setTracks('video', !next && !cameraOff);
    connection?.setVideoFlowing(!next);
  }

  async function pick(kind: 'audio' | 'video', deviceId: string) {
    await media.switchDevice(kind, deviceId, async (track) => {
      if (!(kind === 'video' && screenRef.current)) await connection?.replaceTrack(kind, track);
    });
  }

  useEffect(() => () => screenRef.current?.getTracks().forEach((t) => t.stop()), []);

  if (phase === 'ended' || phase === 'refused') {
    return (
      <CallEndedCard
        refused={phase === 'refused'}
        byMe={session.endedBy === me}
        otherName={other.fullName}
        why={session.connectedAt ? null : ringEndMessage(session.ringEnd, other.fullName)}
      />
    );
  }

  const message = peerMessage(phase, other.fullName, session.peerLeftOnce, session.ringEnd);
  const showSuggestion = stats.lowBitrate && !audioOnly && !dismissedSuggestion;

  return (
    <div
      data-testid="call"
      data-phase={phase}
      className="flex h-[calc(100dvh-13rem)] min-h-[26rem] sm:h-[calc(100dvh-9rem)] flex-col overflow-hidden rounded-xl bg-zinc-900 text-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
        <span className="font-medium">{other.fullName}</span>
        <span className="flex items-center gap-4">
          {session.connectedAt ? (
            <span aria-label="Call length" className="tabular-nums">
              {formatDuration(now.getTime() - session.connectedAt)}
            </span>
          ) : null}
          <QualityIndicator phase={phase} quality={stats.quality} />
        </span>
      </div>
      <div className="relative flex-1 overflow-hidden">
        <VideoView
          stream={session.remoteStream}
          testId="remote-video"
          label={`${other.fullName}'s video`}
          className={audioOnly || remoteVideoOff ? 'invisible' : undefined}
          data-video={session.videoIn === null ? undefined : session.videoIn ? 'on' : 'off'}
        />
        {message || audioOnly || remoteVideoOff ? (
          <p
            role="status"
            className="absolute inset-0 flex items-center justify-center p-6 text-center text-base text-zinc-200"
          >
            {message ?? `Audio only with ${other.fullName}`}
          </p>
        ) : null}
        <div className="absolute right-3 bottom-3 aspect-video w-32 overflow-hidden rounded-lg border border-zinc-700 shadow-lg sm:w-56">
          <VideoView
            stream={screen ?? media.stream}
            testId="local-video"
            label={screen ? 'Your shared screen' : 'Your camera'}
            local
            mirrored={!screen}
          />
        </div>
      </div>
      {showSuggestion ? (
        <div
          role="alert"
          className="mx-4 mb-2 flex flex-wrap items-center gap-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-950"
        >
          <span className="flex-1">Your connection is slow. Switch to audio only for a steadier call?</span>
          <Button size="sm" onClick={toggleAudioOnly}>
            Switch to audio only
          </Button>
          <Button size="sm" variant="ghost" className="text-amber-950" onClick={() => setDismissedSuggestion(true)}>
            Not now
          </Button>
        </div>
      ) : null}
      {devicesOpen ? (
        <div className="mx-4 mb-2 rounded-lg bg-white p-4 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          <DevicePickers
            devices={media.devices}
            cameraId={media.cameraId}
            microphoneId={media.microphoneId}
            onPick={(k, id) => void pick(k, id)}
          />
        </div>
      ) : null}
      <div className="px-4 pt-2 pb-4">
        <CallControls
          state={{ muted, cameraOff, sharing: Boolean(screen), audioOnly, devicesOpen }}
          canShare={canShare}
          onMute={() => {
            setTracks('audio', muted);
            setMuted(!muted);
          }}
          onCamera={() => {
            setTracks('video', cameraOff);
            setCameraOff(!cameraOff);
          }}
          onShare={() => void share()}
          onAudioOnly={toggleAudioOnly}
          onDevices={() => setDevicesOpen(!devicesOpen)}
          onHangUp={session.hangUp}
        />
      </div>
    </div>
  );
}
