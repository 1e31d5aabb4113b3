import type { PlatformServices } from '#server/app';

/**
 * A call source for the browser tests, standing in for a conversation: its id is the two
 * members' ids joined by a dot, so a test can call between any two people it signed up.
 */
export function registerE2eCallSource(services: Pick<PlatformServices, 'calls'>): void {
  services.calls.registerSource('e2e', async (id, viewerId) => {
    const [a = '', b = ''] = id.split('.');
    return viewerId === a || viewerId === b ? { memberIds: [a, b] } : null;
  });
}
