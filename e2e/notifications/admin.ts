import { randomBytes } from 'node:crypto';
import { expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';

/** A short random tag, so each test finds its own broadcasts among everyone else's. */
export const tag = () => randomBytes(3).toString('hex');

/** The admin over HTTP, for tests that need many notifications quickly. */
export async function adminApi(): Promise<
  APIRequestContext & { broadcast(title: string, message?: string): Promise<void> }
> {
  const api = await request.newContext({ baseURL: E2E.baseUrl });
  const login = await api.post('/api/admin/login', { data: { email: E2E.admin.email, password: E2E.admin.password } });
  expect(login.status()).toBe(200);
  return Object.assign(api, {
    async broadcast(title: string, message = 'A message from the team.') {
      const res = await api.post('/api/admin/broadcasts', { data: { title, message, audience: 'all' } });
      expect(res.status(), await res.text()).toBe(201);
    },
  });
}

/**
 * The admin in a browser of its own (a second context), signed in on /admin/dashboard. Signed in
 * over the API with the context's cookies: the admin's login form has its own tests
 * (auth/admin.e2e.ts, admin/two-factor.e2e.ts), and here it cost a page load and a form each time.
 */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const login = await context.request.post('/api/admin/login', {
    data: { email: E2E.admin.email, password: E2E.admin.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  // The dashboard's chunks load before the route commits: a first visit on a busy CI machine takes seconds.
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  return page;
}

/** Resolves once the page's socket.io connection has joined (its "40" connect packet came back). */
export function socketJoined(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
}
