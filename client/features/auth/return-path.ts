/** Set by the route guard when it sends a visitor to /auth. */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string };
}

/**
 * Where to go after login: the protected page the visitor was sent away from, else home.
 * Only same-app paths are accepted, so history state cannot send anyone off-site.
 */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//') || from.pathname.startsWith('/auth')) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
