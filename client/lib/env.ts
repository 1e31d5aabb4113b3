/**
 * The only place that reads the build-time environment. Inside a native app shell the page is
 * not served by the API host, so requests need an absolute base; on the web it stays ''.
 */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

export function apiUrl(path: string): string {
  return `${API_BASE_URL}${path}`;
}
