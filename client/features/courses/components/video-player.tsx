import { ExternalLink, VideoOff } from 'lucide-react';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useDataSaver } from '#client/lib/data-saver';
import { useVideoTracker } from '../hooks/use-lesson-tracker';
import { usePositionSaver } from '../hooks/use-position-saver';

type VideoEvent = (e: SyntheticEvent<HTMLVideoElement>) => void;

/** Playback speeds offered beside the player: the browser's own menu has none everywhere. */
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

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
  captions,
}: {
  courseId: string;
  lessonId: string;
  src: string | null;
  title: string;
  startAt: number;
  /** Save the position and report the watching (enrolled learners only). */
  track: boolean;
  /** WebVTT captions, shown by default; served only to those who may watch the video. */
  captions?: { src: string; label: string; language: string } | null;
}) {
  const saver = usePositionSaver(courseId, lessonId, track);
  const tracker = useVideoTracker(courseId, lessonId, track);
  const both =
    (...fns: VideoEvent[]): VideoEvent =>
    (e) => {
      for (const fn of fns) fn(e);
    };
  const handlers = {
    onTimeUpdate: saver.onTimeUpdate,
    onPlay: tracker.onPlay,
    onSeeked: both(saver.onSeeked, tracker.onSeeked),
    onPause: both(saver.onPause, tracker.onPause),
    onEnded: both(saver.onEnded, tracker.onEnded),
  };
  const [failed, setFailed] = useState(false);
  // Data saver: no bytes of the video before play (decision 078).
  const dataSaver = useDataSaver();
  const [rate, setRate] = useState(1);
  const video = useRef<HTMLVideoElement>(null);

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
        ref={video}
        src={src}
        controls
        preload={dataSaver ? 'none' : 'metadata'}
        playsInline
        aria-label={`Video: ${title}`}
        data-testid="lesson-video"
        className="aspect-video w-full rounded-2xl bg-black shadow-lg"
        onLoadedMetadata={(e) => {
          const el = e.currentTarget;
          // Not within the last seconds: resuming there would only show the end.
          if (startAt > 0 && (!Number.isFinite(el.duration) || startAt < el.duration - 3)) el.currentTime = startAt;
          el.playbackRate = rate;
        }}
        onError={() => setFailed(true)}
        {...handlers}
      >
        {captions ? (
          <track kind="captions" src={captions.src} srcLang={captions.language} label={captions.label} default />
        ) : null}
      </video>
      <label className="flex items-center justify-end gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        Speed
        <select
          value={rate}
          onChange={(e) => {
            const next = Number(e.target.value);
            setRate(next);
            if (video.current) video.current.playbackRate = next;
          }}
          className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s === 1 ? 'Normal (1×)' : `${s}×`}
            </option>
          ))}
        </select>
      </label>
      {failed ? (
        <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
          This video could not be played here.
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Open the video
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      ) : null}
    </div>
  );
}
