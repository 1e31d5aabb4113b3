import { Video } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import type { useLocalMedia } from '../hooks/use-local-media';
import { DevicePickers } from './device-pickers';
import { VideoView } from './video-view';

type LocalMedia = ReturnType<typeof useLocalMedia>;

const PROBLEMS = {
  denied: 'Your browser blocked the camera and microphone. Allow them for this site, then try again.',
  unavailable: 'We could not start your camera or microphone. Check that no other app is using them, then try again.',
};

/** Before joining: see yourself, pick the camera and microphone, then join. */
export function PreJoin({ media, otherName, onJoin }: { media: LocalMedia; otherName: string; onJoin: () => void }) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-zinc-950">
        <VideoView stream={media.stream} testId="local-video" label="Your camera preview" local mirrored />
        {!media.stream && !media.problem ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-zinc-300">
            Starting your camera…
          </p>
        ) : null}
      </div>
      <Card className="flex flex-col gap-4 p-5">
        <div>
          <h1 className="text-xl font-semibold">Ready to join?</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Video call with {otherName}</p>
        </div>
        {media.problem ? (
          <div
            role="alert"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <p>{PROBLEMS[media.problem]}</p>
            <Button className="mt-2" variant="outline" size="sm" onClick={() => void media.retry()}>
              Try again
            </Button>
          </div>
        ) : null}
        <DevicePickers
          devices={media.devices}
          cameraId={media.cameraId}
          microphoneId={media.microphoneId}
          onPick={(kind, id) => void media.switchDevice(kind, id)}
          disabled={!media.stream}
        />
        <Button size="lg" onClick={onJoin} disabled={!media.stream}>
          <Video aria-hidden="true" className="size-5" />
          Join call
        </Button>
      </Card>
    </div>
  );
}
