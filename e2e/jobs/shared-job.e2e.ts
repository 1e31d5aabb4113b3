import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { newPerson, registerAndVerify, signedUp } from '../support/users';

/** The screen at both widths and both themes, for people to look at; no sideways scrolling, no axe violations. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An employer's open job, posted through the API as the board's form would. */
async function postJob(page: Page, deadline: string): Promise<string> {
  await signedUp(page, { ...newPerson(), fullName: 'Bola Adeyemi' });
  let jobId = '';
  for (const [method, path, body] of [
    ['POST', '/api/user/roles', { role: 'employer' }],
    [
      'PUT',
      '/api/user/roles/employer',
      { companyName: 'Kano Textiles', logoUploadId: null, website: '', about: 'Fabrics.', sizeBand: '11-50' },
    ],
    [
      'POST',
      '/api/jobs',
      {
        title: 'Data analyst',
        description: 'Turn the sales of our twelve shops into weekly reports.',
        location: 'Kano',
        workplace: 'hybrid',
        type: 'full_time',
        skills: ['python', 'sql'],
        salaryMin: 250_000,
        salaryMax: 400_000,
        currency: 'NGN',
        deadline,
      },
    ],
  ] as const) {
    const res = await page.request.fetch(path, { method, data: body, headers: { origin: E2E.baseUrl } });
    expect(res.status(), `${method} ${path} ${await res.text()}`).toBeLessThan(300);
    if (path === '/api/jobs') jobId = ((await res.json()) as { id: string }).id;
  }
  return jobId;
}

test('a visitor opens a shared job, sees it with "Sign in to apply", signs in and lands back on it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const employerContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const jobId = await postJob(await employerContext.newPage(), deadline);
  await employerContext.close();

  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // What WhatsApp's crawler reads: the page's own title and Open Graph tags, no script run.
  const html = await (await page.request.get(`/jobs/${jobId}`)).text();
  expect(html).toContain('<meta property="og:title" content="Data analyst at Kano Textiles" />');
  expect(html).toContain(`<meta property="og:url" content="${E2E.baseUrl}/jobs/${jobId}" />`);

  // The visitor has an account but is not signed in on this device.
  const person = await registerAndVerify(page);
  await page.goto(`/jobs/${jobId}`);
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Data analyst' })).toBeVisible();
  await expect(page.getByText('Kano Textiles', { exact: true })).toBeVisible();
  await expect(page.getByText(/Kano · Hybrid · Full-time/)).toBeVisible();
  await expect(page.getByText(/250,000.*400,000 a month/)).toBeVisible();
  await expect(page.getByText(/^Apply by /)).toBeVisible();
  const skills = page.getByRole('complementary').getByRole('listitem');
  await expect(skills.filter({ hasText: 'Python' })).toBeVisible();
  await expect(page.getByText('Posted by')).toHaveCount(0);
  await expect(page).toHaveTitle(/Data analyst/);
  await shoot(page, 'visitor-job');

  await page.getByRole('link', { name: 'Sign in to apply' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
  await context.close();
});
