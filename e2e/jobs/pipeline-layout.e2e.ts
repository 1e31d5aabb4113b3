import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

async function member(browser: Browser, fullName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page, { ...newPerson(), fullName });
  return page;
}

/** A JSON call from the page, as its own fetches are made (same origin, the session cookie). */
async function call<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
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

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the pipeline fits the page on a phone and shows every stage on a laptop, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const boss = await member(browser, 'Ngozi Eze');
  await call(boss, 'POST', '/api/user/roles', { role: 'employer' });
  await call(boss, 'PUT', '/api/user/roles/employer', {
    companyName: 'Eko Freight',
    logoUploadId: null,
    website: '',
    about: 'Freight across Lagos.',
    sizeBand: '11-50',
  });
  const job = await call<{ id: string }>(boss, 'POST', '/api/jobs', {
    title: `Dispatch rider ${randomBytes(3).toString('hex')}`,
    description: 'Deliver parcels across Lagos Island and the Mainland, five days a week.',
    location: 'Lagos',
    workplace: 'onsite',
    type: 'full_time',
    skills: [],
    status: 'open',
  });
  const seeker = await member(browser, 'Tunde Bakare');
  await call(seeker, 'POST', '/api/user/roles', { role: 'job_seeker' });
  await call(seeker, 'POST', `/api/jobs/${job.id}/applications`, { coverLetter: 'I know every street in Yaba.' });

  await boss.goto(`/jobs/employer?job=${job.id}`);
  const applicant = boss.getByTestId('stage-submitted').getByTestId('applicant-card');
  await expect(applicant).toContainText('Tunde Bakare');
  const headings = ['Submitted', 'Reviewed', 'Shortlisted', 'Interview', 'Offered', 'Hired', 'Not selected'].map(
    (name) => boss.getByRole('heading', { level: 3, name: new RegExp(`^${name} \\(\\d+\\)$`) }),
  );

  for (const scheme of ['light', 'dark'] as const) {
    await boss.emulateMedia({ colorScheme: scheme });

    await boss.setViewportSize({ width: 1280, height: 900 });
    expect(await pageOverflow(boss)).toBe(0);
    for (const heading of headings) await expect(heading).toBeInViewport({ ratio: 1 });
    await boss.screenshot({ path: test.info().outputPath(`pipeline-1280-${scheme}.png`), fullPage: true });

    // On a phone the columns scroll sideways in their own strip; the page itself does not.
    await boss.setViewportSize({ width: 360, height: 800 });
    await expect(applicant).toBeVisible();
    expect(await pageOverflow(boss)).toBe(0);
    await expect(headings[0]!).toBeInViewport({ ratio: 1 });
    const axe = await new AxeBuilder({ page: boss }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations).toEqual([]);
    await boss.screenshot({ path: test.info().outputPath(`pipeline-360-${scheme}.png`), fullPage: true });
  }
});
