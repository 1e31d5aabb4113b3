import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { call, employer, jobSeeker, openJob } from '../support/api';

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the pipeline fits the page on a phone and shows every stage on a laptop, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const boss = await employer(browser);
  const job = await openJob(boss);
  const seeker = await jobSeeker(browser);
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
