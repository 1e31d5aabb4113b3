import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E } from './ports';
import { newPerson, signedUp } from './users';

/** A member signed up over the API, in a browser of their own at a laptop's width. */
export async function member(browser: Browser, fullName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page, { ...newPerson(), fullName });
  return page;
}

/** A JSON call from the page, as its own fetches are made (same origin, the session cookie). */
export async function call<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  const { status, json } = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
  return json as T;
}

/** Ngozi Eze, signed up and holding the employer role for Eko Freight. */
export async function employer(browser: Browser): Promise<Page> {
  const boss = await member(browser, 'Ngozi Eze');
  await call(boss, 'POST', '/api/user/roles', { role: 'employer' });
  await call(boss, 'PUT', '/api/user/roles/employer', {
    companyName: 'Eko Freight',
    logoUploadId: null,
    website: '',
    about: 'Freight across Lagos.',
    sizeBand: '11-50',
  });
  return boss;
}

/** Tunde Bakare, signed up and holding the job seeker role. */
export async function jobSeeker(browser: Browser): Promise<Page> {
  const seeker = await member(browser, 'Tunde Bakare');
  await call(seeker, 'POST', '/api/user/roles', { role: 'job_seeker' });
  return seeker;
}

/** An open job of `boss`'s, posted over the API. */
export const openJob = (boss: Page, title = `Dispatch rider ${randomBytes(3).toString('hex')}`) =>
  call<{ id: string }>(boss, 'POST', '/api/jobs', {
    title,
    description: 'Deliver parcels across Lagos Island and the Mainland, five days a week.',
    location: 'Lagos',
    workplace: 'onsite',
    type: 'full_time',
    skills: [],
    status: 'open',
  });
