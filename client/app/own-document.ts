import type { LoaderFunctionArgs } from 'react-router';

/** Where this document was loaded: the server sent its Permissions-Policy for this path. */
const loadedAt = window.location.pathname;

/**
 * The loader of a page that needs the policy the server sends for its own path: the call page,
 * the one page allowed the camera and microphone (server/plugins/security.ts). A document keeps
 * the policy it was loaded with, so a client-side route change to it from another page loads the
 * page afresh instead; the navigation waits while the browser leaves.
 */
export function ownDocument({ request }: LoaderFunctionArgs): null | Promise<never> {
  const url = new URL(request.url);
  if (url.pathname === loadedAt) return null;
  window.location.assign(`${url.pathname}${url.search}`);
  return new Promise<never>(() => undefined);
}
