import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { useUser } from '#client/features/accounts';
import {
  deleteDownload,
  downloadsKey,
  downloadsSupported,
  listDownloads,
  saveDownload,
  savedFileUrl,
  type Download,
} from '#client/lib/downloads';
import { certificateQueryOptions } from '../api/get-certificate';
import { courseQueryOptions } from '../api/get-course';
import { courseContentQueryOptions } from '../api/get-course-content';
import { progressQueryOptions } from '../api/get-progress';
import { certificateKey, courseContentKey, courseKey, courseProgressKey } from '../api/query-keys';
import { filesToSave, planDownload } from './download-plan';

/** The member's downloads, read from the device: never paused offline, where they matter most. */
export function useDownloads() {
  const { data: user } = useUser();
  return useQuery({
    queryKey: downloadsKey(user?.id),
    queryFn: () => listDownloads(user!.id),
    enabled: Boolean(user) && downloadsSupported(),
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function useCourseDownload(courseId: string) {
  const downloads = useDownloads();
  return { ...downloads, download: downloads.data?.find((d) => d.id === courseId) ?? null };
}

/** Fresh from the server, with the member's session: it decides, now, what this member may read. */
async function gather(client: QueryClient, courseId: string) {
  const fresh = { staleTime: 0 };
  const [course, content, progress] = await Promise.all([
    client.fetchQuery({ ...courseQueryOptions(courseId), ...fresh }),
    client.fetchQuery({ ...courseContentQueryOptions(courseId), ...fresh }),
    client.fetchQuery({ ...progressQueryOptions(courseId), ...fresh }),
  ]);
  const code = progress.certificateCode;
  const certificate = code ? await client.fetchQuery(certificateQueryOptions(code)) : null;
  return { course, content, progress, certificate };
}

export function useSaveDownload(courseId: string) {
  const client = useQueryClient();
  const { data: user } = useUser();
  return useMutation({
    mutationFn: async ({
      withVideos,
      signal,
      onProgress,
    }: {
      withVideos: boolean;
      signal: AbortSignal;
      onProgress: (saved: number, total: number) => void;
    }) => {
      const { course, content, progress, certificate } = await gather(client, courseId);
      // The certificate opens offline with its PDF (decision 080).
      const extra = certificate ? [{ url: certificate.pdfUrl, bytes: 0 }] : [];
      const files = filesToSave(planDownload(content), withVideos, extra);
      const total = files.reduce((sum, f) => sum + f.bytes, 0);
      onProgress(0, total);
      return saveDownload(
        user!.id,
        {
          id: courseId,
          title: course.title,
          videos: withVideos,
          files,
          answers: [
            { key: courseKey(courseId), data: course },
            { key: courseContentKey(courseId), data: content },
            { key: courseProgressKey(courseId), data: progress },
            ...(certificate ? [{ key: certificateKey(certificate.code), data: certificate }] : []),
          ],
        },
        { signal, onProgress: (saved) => onProgress(saved, total) },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: downloadsKey(user?.id) }),
  });
}

export function useDeleteDownload() {
  const client = useQueryClient();
  const { data: user } = useUser();
  return useMutation({
    mutationFn: (courseId: string) => deleteDownload(user!.id, courseId),
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: downloadsKey(user?.id) }),
  });
}

type Saved = { download: Download | null; urls: Map<string, string> };

/**
 * A downloaded course's files as object URLs, made once per download and revoked when it goes:
 * the player shows a downloaded lesson from the device, online too (no data spent again).
 * `ready` is false only while the device is read, so a video never starts from the network first.
 */
export function useSavedFiles(courseId: string) {
  const { data: user } = useUser();
  const { download, isPending, isEnabled } = useCourseDownload(courseId);
  const [saved, setSaved] = useState<Saved>({ download: null, urls: new Map() });
  useEffect(() => {
    if (!user || !download) return;
    let cancelled = false;
    const made: string[] = [];
    void Promise.all(
      download.files.map(async (f) => {
        const url = await savedFileUrl(user.id, f.url);
        if (url) made.push(url);
        return [f.url, url] as const;
      }),
    ).then((pairs) => {
      if (cancelled) return;
      setSaved({ download, urls: new Map(pairs.filter((p): p is [string, string] => Boolean(p[1]))) });
    });
    return () => {
      cancelled = true;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [user, download]);

  const urls = download && saved.download === download ? saved.urls : new Map<string, string>();
  const url = (address: string) => urls.get(address) ?? address;
  const upload = (u: TUpload | null | undefined) => (u ? { ...u, url: url(u.url) } : u);
  return {
    ready: !isEnabled || (!isPending && (!download || saved.download === download)),
    url,
    lesson: (lesson: TLessonContent): TLessonContent => ({
      ...lesson,
      videoUpload: upload(lesson.videoUpload),
      captionsUpload: upload(lesson.captionsUpload),
      attachments: lesson.attachments.map((a) => ({ ...a, url: url(a.url) })),
    }),
  };
}
