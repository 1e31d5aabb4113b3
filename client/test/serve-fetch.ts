import { vi } from 'vitest';

/**
 * Component tests' server: `fetch` answers each request by `answer`, given its URL (resolved
 * against http://x, so a path's query can be read) and init. Returns the URLs asked, in order;
 * client/test/setup.ts puts the real `fetch` back after each test.
 */
export function serveFetch(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      asked.push(u);
      return answer(u, init);
    }),
  );
  return asked;
}
