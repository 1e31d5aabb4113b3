import { ExternalLink, VideoOff } from 'lucide-react';
import { useState } from 'react';
import { usePositionSaver } from '../hooks/use-position-saver';

/**
 * The browser's own player (controls, seeking, keyboard, captions menu); the server answers
 * Range requests, so seeking does not download the whole file. Resumes at `startAt`.
 */
export function VideoPlayer({
  courseId,
  lessonId,
  src,
  title,
  startAt,
  track,
}: {
  courseId: string;
  lessonId: string;
  src: string | null;
  title: string;
  startAt: number;
  /** Save the position (enrolled learners only). */
  track: boolean;
}) {
  const handlers = usePositionSaver(courseId, lessonId, track);
  const [failed, setFailed] = useState(false);

  if (!src) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-2xl bg-zinc-900 text-zinc-300">
        <VideoOff aria-hidden="true" className="size-8" />
        <p className="text-sm">This video is not available yet.</p>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <video
        key={src}
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${title}`}
        data-testid="lesson-video"
        className="aspect-video w-full rounded-2xl bg-black shadow-lg"
        onLoadedMetadata={(e) => {
          const el = e.currentTarget;
          // Not within the last seconds: resuming there would only show the end.
          if (startAt > 0 && (!Number.isFinite(el.duration) || startAt < el.duration - 3)) el.currentTime = startAt;
        }}
        onError={() => setFailed(true)}
        {...handlers}
      />
      {failed ? (
        <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
          This video could not be played here.
          <a href={src} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-indigo-700 underline dark:text-indigo-300">
            Open the video
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      ) : null}
    </div>
  );
}
