import type { TCourseContent } from '#shared/courses/lessons.schemas';
import { formatBytes } from '#shared/uploads/uploads.schemas';
import type { SavedFile } from '#client/lib/downloads';

/** What "Download for offline" saves of a course (decision 080): worked out from its content alone. */
export interface DownloadPlan {
  lessons: number;
  textLessons: number;
  /** Quizzes and assignments: their introduction is saved, their questions and answers need the network. */
  gradedLessons: number;
  /** The lessons' text and the course's answers as saved (what "text" weighs). */
  textBytes: number;
  /** Attachments: always saved with the text. */
  files: SavedFile[];
  /** Uploaded videos and their captions: saved only after the member confirms their size. */
  videos: SavedFile[];
  videoLessons: number;
  /** Videos linked from another website: they play online only. */
  externalVideos: number;
  fileBytes: number;
  videoBytes: number;
}

const sum = (files: readonly SavedFile[]) => files.reduce((total, f) => total + f.bytes, 0);

/** Each address once: a file two lessons share is fetched and counted once. */
export function uniqueFiles(files: readonly SavedFile[]): SavedFile[] {
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.url) && seen.add(f.url));
}

/**
 * Every lesson the content answer holds is one the server lets this member open; each video has
 * one stored file (there are no smaller renditions yet), so that file is what is saved.
 */
export function planDownload(content: TCourseContent): DownloadPlan {
  const lessons = content.sections.flatMap((s) => s.lessons);
  const files = uniqueFiles(lessons.flatMap((l) => l.attachments.map((a) => ({ url: a.url, bytes: a.size }))));
  const withVideo = lessons.filter((l) => l.kind === 'video');
  const uploaded = withVideo.filter((l) => l.videoUpload);
  const videos = uniqueFiles(
    uploaded.flatMap((l) => [
      { url: l.videoUpload!.url, bytes: l.videoUpload!.size },
      ...(l.captionsUpload ? [{ url: l.captionsUpload.url, bytes: l.captionsUpload.size }] : []),
    ]),
  );
  return {
    lessons: lessons.length,
    textLessons: lessons.filter((l) => l.kind === 'text').length,
    gradedLessons: lessons.filter((l) => l.kind === 'quiz' || l.kind === 'assignment').length,
    textBytes: new TextEncoder().encode(JSON.stringify(content)).length,
    files,
    videos,
    videoLessons: uploaded.length,
    externalVideos: withVideo.filter((l) => !l.videoUpload && l.videoUrl).length,
    fileBytes: sum(files),
    videoBytes: sum(videos),
  };
}

/** The files one download fetches: the attachments, the videos if asked, and extras (a certificate's PDF). */
export function filesToSave(plan: DownloadPlan, withVideos: boolean, extra: readonly SavedFile[] = []): SavedFile[] {
  return uniqueFiles([...plan.files, ...(withVideos ? plan.videos : []), ...extra]);
}

/** "640 KB" under a megabyte (a text-only course), "24.6 MB" above. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return formatBytes(bytes);
}
