import { useEffect, useRef } from 'react';
import { cn } from '#client/lib/cn';

/** A <video> showing a MediaStream; the local one is muted (no echo) and mirrored like a mirror. */
export function VideoView({
  stream,
  testId,
  label,
  local = false,
  mirrored = false,
  className,
  'data-video': dataVideo,
}: {
  stream: MediaStream | null;
  testId: string;
  label: string;
  local?: boolean;
  mirrored?: boolean;
  className?: string;
  /** Whether the video is arriving ('on' | 'off'), for the other side's view and its tests. */
  'data-video'?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      data-video={dataVideo}
      aria-label={label}
      autoPlay
      playsInline
      muted={local}
      className={cn('size-full bg-zinc-950 object-cover', mirrored && '-scale-x-100', className)}
    />
  );
}
