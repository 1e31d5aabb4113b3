import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { employer, member, openJob } from '../support/api';

/** A word no other job holds: letters only, so the search takes it as one word. */
const uniqueWord = () => `okapi${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/**
 * Decision 097: "Next" asks its page from the cursor the page before answered, the way a deep
 * page is cheap (decision 095); the address keeps the page's number, so it can be shared.
 */
test('"Next" on the board asks the next page from where the last one ended, and its address still opens that page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const boss = await employer(browser);
  for (let i = 1; i <= 21; i++) await openJob(boss, `Courier ${word} ${i}`);

  const page = await member(browser, 'Amaka Obi');
  const asked: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/jobs') asked.push(url);
  });
  await page.goto(`/jobs?q=${word}`);
  await expect(page.getByText('21 jobs')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const cards = page.getByRole('heading', { level: 3 });
  await expect(cards).toHaveCount(1);
  const last = await cards.first().textContent();
  expect(asked.at(-1)!.searchParams.get('cursor')).toBeTruthy();

  // The same address opened afresh asks by number, and shows the same job.
  const fresh = await page.context().newPage();
  const freshAsked: URL[] = [];
  fresh.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/jobs') freshAsked.push(url);
  });
  await fresh.goto(page.url());
  await expect(fresh.getByText('Page 2 of 2')).toBeVisible();
  await expect(fresh.getByRole('heading', { level: 3 })).toHaveText([last!]);
  expect(freshAsked.at(-1)!.searchParams.get('cursor')).toBeNull();
  expect(freshAsked.at(-1)!.searchParams.get('page')).toBe('2');
});
