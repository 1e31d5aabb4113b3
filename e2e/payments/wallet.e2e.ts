import { expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { formatAmount } from '#shared/money';
import { transferFeeMinor } from '#shared/wallet/payouts.schemas';
import { E2E } from '../support/ports';
import { buyViaApi, PRICE_MINOR, test } from './support';

const NET = PRICE_MINOR - Math.round(PRICE_MINOR * 0.1);

test("a tutor's sale is pending, then available after the refund window, and is withdrawn to a bank", async ({
  page,
  browser,
  shop,
}) => {
  test.setTimeout(120_000);
  // The shop's tutor sells to the other payments tests too: the figures are read against where they stood.
  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: shop.tutor.state });
  const tutor = await context.newPage();
  const before = (await (await tutor.request.get('/api/wallet')).json()) as {
    pendingMinor: number;
    availableMinor: number;
    paidOutMinor: number;
  };
  const all = before.availableMinor + before.pendingMinor + NET;
  const course = await shop.course('Catfish ponds');
  await buyViaApi(page, course.id);

  await tutor.goto('/wallet');
  await expect(tutor.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  const pending = tutor
    .getByRole('list', { name: 'Balances' })
    .getByRole('listitem')
    .filter({ hasText: /^Pending/ });
  await expect(pending).toContainText(formatAmount(before.pendingMinor + NET, 'NGN'));
  await expect(tutor.getByRole('list', { name: 'Wallet activity' })).toContainText(`Sale of “${course.title}”`);

  // Seven days pass without a refund: the earnings become available.
  expect((await tutor.request.post('/e2e/wallet/window-passes')).ok()).toBe(true);
  await tutor.reload();
  const available = tutor
    .getByRole('list', { name: 'Balances' })
    .getByRole('listitem')
    .filter({ hasText: /^Available/ });
  await expect(available).toContainText(formatAmount(all, 'NGN'));

  // The bank account, resolved by the (test) gateway and confirmed with the password.
  const form = tutor.getByRole('form', { name: 'Payout bank account' });
  await form.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await form.getByLabel('Account number').fill('0000000000');
  await form.getByLabel('Your password').fill(shop.tutor.person.password);
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(form.getByText('No such account at Guaranty Trust Bank: check the number')).toBeVisible();
  await form.getByLabel('Account number').fill('0123456789');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(tutor.getByText('TEST ACCOUNT HOLDER 6789', { exact: true })).toBeVisible();

  // All of it, with the transfer fee shown before confirming.
  const withdraw = tutor.getByRole('form', { name: 'Withdraw' });
  await withdraw.getByRole('button', { name: 'All of it' }).click();
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = tutor.getByRole('dialog', { name: 'Withdraw to your bank?' });
  await expect(dialog).toContainText(`you receive ${formatAmount(all - transferFeeMinor(all), 'NGN')}`);
  expect((await new AxeBuilder({ page: tutor }).analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(tutor.getByTestId('payout').first()).toContainText('Paid', { timeout: 30_000 });
  const paidOut = tutor
    .getByRole('list', { name: 'Balances' })
    .getByRole('listitem')
    .filter({ hasText: /^Paid out/ });
  await expect(paidOut).toContainText(formatAmount(before.paidOutMinor + all, 'NGN'));
  await expect(available).toContainText(formatAmount(0, 'NGN'));
  await context.close();
});
