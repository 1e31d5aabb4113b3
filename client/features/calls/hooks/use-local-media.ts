import { useCallback, useEffect, useRef, useState } from 'react';

export interface MediaDevices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export type MediaProblem = 'denied' | 'unavailable' | null;

const acquire = () =>
  navigator.mediaDevices.getUserMedia({ audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 } } });

/**
 * The camera and microphone: asked for once, with device lists filled after permission (labels
 * are empty before), and another device picked without asking again for the other one.
 */
export function useLocalMedia() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDevices>({ cameras: [], microphones: [] });
  const [problem, setProblem] = useState<MediaProblem>(null);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const streamRef = useRef<MediaStream | null>(null);

  const listDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices({
      cameras: all.filter((d) => d.kind === 'videoinput'),
      microphones: all.filter((d) => d.kind === 'audioinput'),
    });
  }, []);

  const accept = useCallback(
    async (media: MediaStream) => {
      setProblem(null);
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = media;
      setStream(media);
      setCameraId(media.getVideoTracks()[0]?.getSettings().deviceId ?? '');
      setMicrophoneId(media.getAudioTracks()[0]?.getSettings().deviceId ?? '');
      await listDevices();
    },
    [listDevices],
  );
  const refuse = useCallback((err: unknown) => {
    setProblem(err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'unavailable');
  }, []);
  const start = useCallback(() => acquire().then(accept, refuse), [accept, refuse]);

  /**
   * Opens the chosen device and swaps its track into the stream; answers the new track.
   * `handOver` (a call replacing what it sends) runs before the old track stops, so the call
   * never sends an ended track in between.
   */
  const switchDevice = useCallback(
    async (
      kind: 'audio' | 'video',
      deviceId: string,
      handOver?: (track: MediaStreamTrack) => Promise<void>,
    ): Promise<MediaStreamTrack | null> => {
      const current = streamRef.current;
      if (!current) return null;
      const media = await navigator.mediaDevices.getUserMedia(
        kind === 'video' ? { video: { deviceId: { exact: deviceId } } } : { audio: { deviceId: { exact: deviceId } } },
      );
      const track = media.getTracks()[0]!;
      const old = kind === 'video' ? current.getVideoTracks()[0] : current.getAudioTracks()[0];
      if (old) track.enabled = old.enabled;
      await handOver?.(track);
      if (old) {
        current.removeTrack(old);
        old.stop();
      }
      current.addTrack(track);
      setStream(new MediaStream(current.getTracks()));
      if (kind === 'video') setCameraId(deviceId);
      else setMicrophoneId(deviceId);
      return track;
    },
    [],
  );

  useEffect(() => {
    void acquire().then(accept, refuse);
    navigator.mediaDevices.addEventListener('devicechange', listDevices);
    return () => {
      navigator.mediaDevices.removeEventListener('devicechange', listDevices);
      streamRef.current?.getTracks().forEach((t) => t.stop());
    };
  }, [accept, refuse, listDevices]);

  return { stream, devices, problem, cameraId, microphoneId, retry: start, switchDevice };
}
