import type { QueryClient } from '@tanstack/react-query';
import { ZEnrolmentList, type TEnrolmentList } from '#shared/courses/lessons.schemas';
import { apiGet } from '../lib/api-client';
import { deleteDownload, downloadsKey, listDownloads, wipeOtherMembers } from '../lib/downloads';

/** Downloads of courses the member is no longer enrolled in (a refund, a removal): decision 080. */
export function coursesToForget(downloadedIds: readonly string[], enrolments: TEnrolmentList): string[] {
  const enrolled = new Set(enrolments.enrollments.map((e) => e.course.id));
  return downloadedIds.filter((id) => !enrolled.has(id));
}

/**
 * The sync: online, the member's enrolments are asked afresh (GET /api/user/enrollments) and
 * the downloads of courses no longer among them are deleted, so that what the server would
 * refuse today does not stay readable on the device. Here rather than in the courses feature:
 * its public entry would bring the course screens into every signed-in page.
 */
export async function syncDownloads(client: QueryClient, userId: string) {
  const downloads = await listDownloads(userId);
  if (downloads.length === 0) return;
  const enrolments = ZEnrolmentList.parse(await apiGet<unknown>('/api/user/enrollments'));
  const gone = coursesToForget(
    downloads.map((d) => d.id),
    enrolments,
  );
  for (const id of gone) await deleteDownload(userId, id);
  if (gone.length > 0) await client.invalidateQueries({ queryKey: downloadsKey(userId) });
}

/**
 * Loaded with the member's realtime session (its own chunk): drops earlier members' downloads,
 * then syncs now and whenever the network returns.
 */
export function startDownloadsSync(client: QueryClient, userId: string): () => void {
  // A sync that fails (the network dropped again) is simply tried at the next return.
  const run = () => {
    if (navigator.onLine) void syncDownloads(client, userId).catch(() => undefined);
  };
  window.addEventListener('online', run);
  void wipeOtherMembers(userId).finally(run);
  return () => window.removeEventListener('online', run);
}
