import type { Page } from '@playwright/test';

/**
 * The service worker is installed (the shell precached) and controls the page, so the screens
 * visited online are kept for offline. `navigator.serviceWorker.ready` waits for the page's
 * registration to have an active worker, however late the app registers it; the first worker
 * then claims the page a moment later. (An async predicate given to `waitForFunction` did not
 * wait: its promise counted as a truthy answer at once, and the tests passed only while sign-up
 * through the forms left the worker time to register.)
 */
export async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
