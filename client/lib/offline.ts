import type { QueryClient } from '@tanstack/react-query';
import { restoreDownloads, wipeDownloads } from './downloads';
import { startOfflineCopy, wipeOfflineCopy } from './offline-copy';
import { outbox } from './outbox-store';

/**
 * Sent by the accounts feature when a session ends (logout, expiry) and by a deletion request.
 * They write the name out rather than import it: an import would split a shared chunk out of
 * the entry (decision 012's budget).
 */
export const FORGET_EVENT = 'blet:forget-member';

/** What the device kept of a member (or of everyone, without an id) goes: decisions 074 and 080. */
export async function wipeOffline(userId: string | undefined) {
  await Promise.all([wipeOfflineCopy(userId), outbox.drop(userId), wipeDownloads(userId)]);
}

/**
 * Loaded after the entry, on every page: the offline copy, and the wipe when a member leaves.
 * The leaving is told by a DOM event, not an import, so the entry's user module stays free of
 * a dynamic import (and of the preload helper it would bring: decision 012's budget).
 */
export function startOffline(client: QueryClient) {
  startOfflineCopy(client, (userId) => restoreDownloads(client, userId));
  window.addEventListener(FORGET_EVENT, (event) => {
    void wipeOffline((event as CustomEvent<string | undefined>).detail);
  });
}
