import type { LucideIcon } from 'lucide-react';
import { AudioLines, Mic, MicOff, MonitorUp, PhoneOff, Settings2, Video, VideoOff } from 'lucide-react';
import { cn } from '#client/lib/cn';

function ControlButton({
  icon: Icon,
  label,
  pressed,
  onClick,
  danger,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  pressed?: boolean;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex size-12 items-center justify-center rounded-full transition-colors disabled:opacity-50',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
        danger
          ? 'bg-red-600 text-white hover:bg-red-700'
          : pressed
            ? 'bg-white text-zinc-900 hover:bg-zinc-200'
            : 'bg-zinc-700 text-white hover:bg-zinc-600',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

export interface ControlsState {
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
  audioOnly: boolean;
  devicesOpen: boolean;
}

/** The call's buttons: each labelled, toggles announce their state (aria-pressed), Tab order left to right. */
export function CallControls({
  state,
  canShare,
  onMute,
  onCamera,
  onShare,
  onAudioOnly,
  onDevices,
  onHangUp,
}: {
  state: ControlsState;
  canShare: boolean;
  onMute: () => void;
  onCamera: () => void;
  onShare: () => void;
  onAudioOnly: () => void;
  onDevices: () => void;
  onHangUp: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Call controls"
      className="flex flex-wrap items-center justify-center gap-2 sm:gap-3"
    >
      <ControlButton
        icon={state.muted ? MicOff : Mic}
        label={state.muted ? 'Unmute microphone' : 'Mute microphone'}
        pressed={state.muted}
        onClick={onMute}
      />
      <ControlButton
        icon={state.cameraOff ? VideoOff : Video}
        label={state.cameraOff ? 'Turn camera on' : 'Turn camera off'}
        pressed={state.cameraOff}
        onClick={onCamera}
        disabled={state.audioOnly}
      />
      {canShare ? (
        <ControlButton
          icon={MonitorUp}
          label={state.sharing ? 'Stop sharing your screen' : 'Share your screen'}
          pressed={state.sharing}
          onClick={onShare}
          disabled={state.audioOnly}
        />
      ) : null}
      <ControlButton
        icon={AudioLines}
        label={state.audioOnly ? 'Turn video back on' : 'Audio only'}
        pressed={state.audioOnly}
        onClick={onAudioOnly}
      />
      <ControlButton icon={Settings2} label="Camera and microphone" pressed={state.devicesOpen} onClick={onDevices} />
      <ControlButton icon={PhoneOff} label="Hang up" onClick={onHangUp} danger />
    </div>
  );
}
