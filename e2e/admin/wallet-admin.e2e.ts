import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

const SHOTS = ['light', 'dark'] as const;

/** The page at both widths and both themes, for people to look at; nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  for (const scheme of SHOTS) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function ok(res: APIResponse) {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test("an admin credits a member's wallet, cannot debit past it, and finds the member's failed payout in Payouts", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const member = await context.newPage();
  const person = await signedUp(member, { ...newPerson(), fullName: 'Ifeoma Nwosu' });
  await ok(await member.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1990-01-01' } }));

  const admin = await adminPage(browser);
  await admin.goto(`/admin/dashboard/members?q=${person.username}`);
  await admin.getByRole('link', { name: 'Ifeoma Nwosu' }).click();
  await expect(admin.getByRole('heading', { name: 'Ifeoma Nwosu', level: 1 })).toBeVisible();
  await expect(admin.getByText('No money has moved in this wallet yet.')).toBeVisible();

  // A credit, shown before it is posted (the admin signed in just now: no password asked).
  const form = admin.getByRole('form', { name: 'Adjust the wallet' });
  await form.getByLabel('Credit (add to the member)').check();
  await form.getByLabel('Amount (₦)').fill('5,000');
  await form.getByLabel('Balance').selectOption('available');
  await form.getByLabel('Reason (the member reads it)').fill('Goodwill credit after the outage');
  await form.getByRole('button', { name: 'Review adjustment' }).click();
  const summary = admin.getByRole('dialog', { name: 'Credit ₦5,000?' });
  await expect(summary).toContainText('₦5,000 will be added to Ifeoma Nwosu’s available balance.');
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);
  await summary.getByRole('button', { name: 'Credit' }).click();
  await expect(admin.getByText('Adjustment posted')).toBeVisible();
  const lines = admin.getByRole('list', { name: 'Wallet lines' });
  await expect(lines).toContainText('Adjustment · Available');
  await expect(lines).toContainText('+₦5,000');
  await expect(admin.getByLabel('Wallet balances')).toContainText('Available₦5,000');
  await expect(admin.getByText('credited ₦5,000 to Ifeoma Nwosu’s available balance')).toBeVisible();

  // A debit past the balance is refused, and says what the balance holds.
  await form.getByLabel('Debit (take from the member)').check();
  await form.getByLabel('Amount (₦)').fill('6000');
  await form.getByLabel('Reason (the member reads it)').fill('Chargeback on a course sale');
  await form.getByRole('button', { name: 'Review adjustment' }).click();
  await admin.getByRole('dialog', { name: 'Debit ₦6,000?' }).getByRole('button', { name: 'Debit' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This debit would take Ifeoma Nwosu’s available balance below zero: it holds ₦5,000.',
  );
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);
  await shoot(admin, 'member-wallet');

  // The member withdraws to an account the test gateway refuses (numbers ending 0000).
  await ok(
    await member.request.put('/api/wallet/payout-account', {
      data: { bankCode: '058', accountNumber: '0123450000', password: person.password },
    }),
  );
  await ok(await member.request.post('/api/wallet/payouts', { data: { amountMinor: 500_000 } }));
  await expect
    .poll(async () => (await ok(await member.request.get('/api/wallet/payouts'))).payouts[0].status, {
      timeout: 30_000,
    })
    .toBe('failed');

  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(admin.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const row = admin.getByTestId('admin-payout').filter({ hasText: `@${person.username}` });
  await expect(row).toContainText('₦5,000');
  await expect(row).toContainText('The bank refused the transfer to this account.');
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);
  await shoot(admin, 'payouts');
  await row.getByRole('link', { name: 'Ifeoma Nwosu' }).click();
  await expect(admin.getByRole('heading', { name: 'Ifeoma Nwosu', level: 1 })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Wallet lines' })).toContainText('Payout returned · Available');

  // The overview: the money in the wallets, as of now.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
  const money = admin.getByRole('region', { name: 'Money in the wallets' });
  await expect(money).toContainText('Held in escrow');
  await expect(money).toContainText('Platform fees');
  for (const scheme of SHOTS)
    for (const width of [360, 1280]) {
      await admin.emulateMedia({ colorScheme: scheme });
      await admin.setViewportSize({ width, height: 900 });
      await money.screenshot({ path: test.info().outputPath(`overview-money-${width}-${scheme}.png`) });
    }
  await context.close();
  await admin.context().close();
});
