import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import type { MediaDevices } from '../hooks/use-local-media';

/** The camera and microphone choosers: labelled native selects, keyboard and screen-reader friendly. */
export function DevicePickers({
  devices,
  cameraId,
  microphoneId,
  onPick,
  disabled,
}: {
  devices: MediaDevices;
  cameraId: string;
  microphoneId: string;
  onPick: (kind: 'audio' | 'video', deviceId: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor="call-camera">Camera</Label>
        <Select
          id="call-camera"
          value={cameraId}
          disabled={disabled || devices.cameras.length === 0}
          onChange={(e) => onPick('video', e.target.value)}
        >
          {devices.cameras.length === 0 ? <option value="">No camera found</option> : null}
          {devices.cameras.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `Camera ${i + 1}`}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="call-microphone">Microphone</Label>
        <Select
          id="call-microphone"
          value={microphoneId}
          disabled={disabled || devices.microphones.length === 0}
          onChange={(e) => onPick('audio', e.target.value)}
        >
          {devices.microphones.length === 0 ? <option value="">No microphone found</option> : null}
          {devices.microphones.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `Microphone ${i + 1}`}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
