import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

/** The page at both widths and both themes, for people to look at; nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A member signed in in a browser of their own. */
async function signedInMember(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await signedUp(page, newPerson());
  return { page, person };
}

async function openMember(admin: Page, username: string) {
  await admin.goto(`/admin/dashboard/members?q=${username}`);
  await admin.getByRole('link', { name: 'Chiamaka Okafor' }).click();
  await expect(admin.getByRole('heading', { name: 'Chiamaka Okafor', level: 1 })).toBeVisible();
}

test('an admin suspends a member signed in elsewhere; the member lands on /suspended, is shut out and hidden; lifting restores all', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const member = await signedInMember(browser);
  const observer = await signedInMember(browser);
  const admin = await adminPage(browser);

  await openMember(admin, member.person.username);
  const suspend = admin.getByRole('form', { name: 'Suspend' });
  await suspend.getByLabel('Reason (the member reads it)').fill('Repeated spam in chat');
  await suspend.getByLabel(RegExp('Your profile is hidden')).check();
  await suspend.getByRole('button', { name: 'Suspend member' }).click();
  await expect(admin.getByText('Member suspended')).toBeVisible();
  await expect(admin.getByTestId('member-status')).toHaveText('Suspended');

  // The member's next request.
  await member.page.goto('/courses');
  await expect(member.page).toHaveURL(/\/suspended$/);
  await expect(member.page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(member.page.getByText('Repeated spam in chat')).toBeVisible();
  await expect(member.page.getByText('Chat and video calls')).toBeVisible();
  await expect(member.page.getByText('Your profile is hidden from other members')).toBeVisible();

  const chat = await member.page.request.get('/api/chat/conversations');
  expect(chat.status()).toBe(403);
  expect((await chat.json()).code).toBe('ACCOUNT_SUSPENDED');
  expect((await observer.page.request.get(`/api/users/${member.person.username}`)).status()).toBe(404);

  // NDPA rights stay open: the member downloads their data from /suspended.
  const data = member.page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Download my data' }).click();
  const zipLink = data.getByRole('link', { name: 'Download ZIP' });
  await expect(zipLink).toBeVisible({ timeout: 20_000 });
  const zip = await member.page.request.get((await zipLink.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await expect(data.getByRole('button', { name: 'Delete my account…' })).toBeVisible();
  await shoot(member.page, 'suspended-data');

  // The appeal lands in the admins' queue.
  await member.page.getByLabel('Appeal this suspension').fill('Those messages were sent by my brother on my phone.');
  await member.page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(member.page.getByText('Your appeal is with the team')).toBeVisible();
  await admin.goto('/admin/dashboard/queues/appeals');
  await expect(admin.getByText(`(@${member.person.username})`)).toBeVisible();

  // Lifting restores everything.
  await openMember(admin, member.person.username);
  await admin.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(admin.getByText('Suspension lifted')).toBeVisible();
  await expect(admin.getByTestId('member-status')).toHaveText('Active');
  await expect(admin.getByTestId('suspension-history')).toContainText(
    /Lifted by .+, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT/,
  );

  // The member's open /suspended page hears the lift and moves them on, without a reload.
  await expect(member.page).not.toHaveURL(/\/suspended$/, { timeout: 10_000 });

  await member.page.goto('/courses');
  await expect(member.page).toHaveURL(/\/courses$/);
  expect((await member.page.request.get('/api/chat/conversations')).status()).toBe(200);
  expect((await observer.page.request.get(`/api/users/${member.person.username}`)).status()).toBe(200);

  // Both actions are in the audit log.
  await admin.goto('/admin/dashboard/audit?targetType=user');
  await expect(admin.getByText(/suspended Chiamaka Okafor from .*(for|until)/).first()).toBeVisible();
  await expect(admin.getByText('lifted Chiamaka Okafor’s suspension').first()).toBeVisible();
});
