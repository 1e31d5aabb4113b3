import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { formatAmount } from '#shared/money';
import { transferFeeMinor } from '#shared/wallet/payouts.schemas';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { newPerson, type Person, signedUp } from '../support/users';

const BID_MINOR = 3_000_000;
/** What the talent is credited: the bid less the platform fee (10 % unless set otherwise). */
const NET_MINOR = BID_MINOR - Math.round(BID_MINOR * 0.1);
const FIRST_PAYOUT_MINOR = 2_000_000;

async function member(browser: Browser, fullName: string): Promise<{ page: Page; person: Person; id: string }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await signedUp(page, { ...newPerson(), fullName });
  // Paying and being paid ask the date of birth first (decision 020): these are adults.
  expect((await page.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1990-01-01' } })).ok()).toBe(true);
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, person, id: user.id };
}

/** The escrow panel at both widths and both themes, for people to look at; axe finds nothing wrong in it. */
async function shoot(page: Page, name: string, panel: Locator) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Under 768 px the fixed bottom nav would cover the foot of a panel taller than the screen.
      await panel.screenshot({
        path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
        style: '[data-testid="bottom-nav"] { visibility: hidden; }',
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  const axe = await new AxeBuilder({ page }).include('[data-testid="escrow-panel"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const balance = (page: Page, label: RegExp) =>
  page.getByRole('list', { name: 'Balances' }).getByRole('listitem').filter({ hasText: label });

test('a gig paid through escrow: funded at the test gateway, released on approval, withdrawn to a bank', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const poster = await member(browser, 'Ngozi Eze');
  const talent = await member(browser, 'Ada Obi');
  const gig = (await (
    await poster.page.request.post('/api/talent/gigs', {
      data: {
        title: `Shop sign ${Date.now().toString(36)}`,
        description: 'A painted sign design for a provisions shop, in two sizes.',
        skills: [],
        budgetType: 'fixed',
        budgetMin: 2_000_000,
        budgetMax: 5_000_000,
        currency: 'NGN',
        deadline: null,
      },
    })
  ).json()) as { id: string };
  expect((await talent.page.request.post('/api/user/roles', { data: { role: 'talent' } })).ok()).toBe(true);

  // The talent bids; the poster accepts, which makes one milestone of the bid's amount.
  await talent.page.goto(`/gigs/${gig.id}`);
  const bid = talent.page.getByRole('form', { name: 'Place a bid' });
  await bid.getByLabel(/Your price/).fill(String(BID_MINOR / 100));
  await bid.getByLabel('Days to deliver').fill('4');
  await bid
    .getByLabel('Proposal')
    .fill('Sketches first, then two rounds of changes; I have done this for three shops in Aba.');
  await bid.getByRole('button', { name: 'Place bid' }).click();
  await expect(talent.page.getByTestId('bid')).toBeVisible();

  const p = poster.page;
  await p.goto(`/gigs/${gig.id}`);
  await p.getByTestId('bid').getByRole('button', { name: 'Accept bid' }).click();
  await p.getByRole('dialog', { name: 'Accept this bid?' }).getByRole('button', { name: 'Accept bid' }).click();
  const panel = p.getByTestId('escrow-panel');
  const milestone = panel.getByTestId('milestone');
  await expect(milestone).toHaveCount(1);
  await expect(milestone).toContainText(formatAmount(BID_MINOR));
  await expect(milestone.getByTestId('milestone-status')).toHaveText('Not funded');
  await expect(panel.getByTestId('escrow-next')).not.toBeEmpty();

  // Funding goes through the test gateway's checkout and comes back to the gig, funded.
  await panel.getByRole('button', { name: `Fund ${formatAmount(BID_MINOR)}` }).click();
  await expect(p).toHaveURL(/\/payments\/test-checkout\//);
  await p.getByRole('button', { name: 'Pay now' }).click();
  await expect(p).toHaveURL(new RegExp(`/gigs/${gig.id}`));
  await expect(milestone.getByTestId('milestone-status')).toHaveText('Funded');
  await expect(panel.locator('dl > div').filter({ hasText: 'Held in escrow' })).toContainText(formatAmount(BID_MINOR));
  await shoot(p, 'escrow-funded-poster', panel);

  // The talent sees the money held for them, and delivers.
  const t = talent.page;
  await t.reload();
  await expect(t.getByText(`${formatAmount(BID_MINOR)} is held in escrow for you.`)).toBeVisible();
  await t.getByLabel('What you delivered').fill('The sign in both sizes, as PDF and PNG.');
  await t.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(t.getByTestId('gig-status')).toHaveText('Delivered');

  // The poster releases the payment: the delivery is accepted and the gig completes.
  await p.reload();
  await expect(p.getByRole('button', { name: 'Accept delivery' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Release payment' }).click();
  const release = p.getByRole('dialog', { name: `Release ${formatAmount(BID_MINOR)}?` });
  await release.getByRole('button', { name: 'Release payment' }).click();
  await expect(p.getByTestId('gig-status')).toHaveText('Completed');
  await expect(milestone.getByTestId('milestone-status')).toHaveText('Released');

  // The talent's wallet has the money available at once, less the platform fee.
  await t.reload();
  const tPanel = t.getByTestId('escrow-panel');
  await expect(tPanel).toContainText(`${formatAmount(BID_MINOR)} has been released to you`);
  await shoot(t, 'escrow-released-talent', tPanel);
  await tPanel.getByRole('link', { name: 'Open your wallet' }).click();
  await expect(t.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(balance(t, /^Available/)).toContainText(formatAmount(NET_MINOR));

  // A bank account, resolved by the test gateway and confirmed with the password; then a payout.
  const account = t.getByRole('form', { name: 'Payout bank account' });
  await account.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await account.getByLabel('Account number').fill('0123456789');
  await account.getByLabel('Your password').fill(talent.person.password);
  await account.getByRole('button', { name: 'Save bank account' }).click();
  await expect(t.getByText('TEST ACCOUNT HOLDER 6789', { exact: true })).toBeVisible();
  const withdraw = t.getByRole('form', { name: 'Withdraw' });
  await withdraw.getByLabel('Amount (₦)').fill(String(FIRST_PAYOUT_MINOR / 100));
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = t.getByRole('dialog', { name: 'Withdraw to your bank?' });
  await expect(confirm).toContainText(
    `you receive ${formatAmount(FIRST_PAYOUT_MINOR - transferFeeMinor(FIRST_PAYOUT_MINOR))}`,
  );
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(t.getByTestId('payout').first()).toContainText('Paid', { timeout: 30_000 });
  await expect(balance(t, /^Paid out/)).toContainText(formatAmount(FIRST_PAYOUT_MINOR));
  await expect(balance(t, /^Available/)).toContainText(formatAmount(NET_MINOR - FIRST_PAYOUT_MINOR));

  // A transfer that fails (the test gateway refuses numbers ending 0000) comes back to available.
  await t.getByRole('button', { name: 'Change bank account' }).click();
  // The form starts from the saved bank; the account number is typed again.
  await expect(account.getByLabel('Bank').locator('option:checked')).toHaveText('Guaranty Trust Bank');
  await expect(account.getByLabel('Account number')).toHaveValue('');
  await account.getByLabel('Bank').selectOption({ label: 'Zenith Bank' });
  await account.getByLabel('Account number').fill('0123450000');
  await account.getByLabel('Your password').fill(talent.person.password);
  await account.getByRole('button', { name: 'Save bank account' }).click();
  await expect(t.getByText('TEST ACCOUNT HOLDER 0000', { exact: true })).toBeVisible();
  await expect(t.getByText(/Payouts are on hold until/)).toBeVisible();
  expect((await t.request.post('/e2e/wallet/hold-passes', { data: { userId: talent.id } })).ok()).toBe(true);
  await t.reload();
  await withdraw.getByRole('button', { name: 'All of it' }).click();
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  const failed = t.getByTestId('payout').first();
  await expect(failed).toContainText('Failed, returned', { timeout: 30_000 });
  await expect(failed).toContainText('The bank refused the transfer to this account.');
  await expect(balance(t, /^Available/)).toContainText(formatAmount(NET_MINOR - FIRST_PAYOUT_MINOR));
  await expect(balance(t, /^Paid out/)).toContainText(formatAmount(FIRST_PAYOUT_MINOR));
});

test('a disputed milestone: the talent says why, an admin splits it from the console, each side gets their part', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const poster = await member(browser, 'Ngozi Eze');
  const talent = await member(browser, 'Ada Obi');
  const title = `Menu board ${Date.now().toString(36)}`;
  // Hired and funded over HTTP (the first test does it in the browser).
  const ok = async <T>(res: Awaited<ReturnType<Page['request']['post']>>): Promise<T> => {
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  const gig = await ok<{ id: string }>(
    await poster.page.request.post('/api/talent/gigs', {
      data: {
        title,
        description: 'A chalk menu board for a buka, with prices in naira.',
        skills: [],
        budgetType: 'fixed',
        budgetMin: 2_000_000,
        budgetMax: 5_000_000,
        currency: 'NGN',
        deadline: null,
      },
    }),
  );
  await ok(await talent.page.request.post('/api/user/roles', { data: { role: 'talent' } }));
  const bid = await ok<{ id: string }>(
    await talent.page.request.post(`/api/talent/gigs/${gig.id}/bids`, {
      data: {
        amount: BID_MINOR,
        deliveryDays: 3,
        proposal: 'I letter menus by hand; I can have the board ready this week with your prices on it.',
      },
    }),
  );
  await ok(await poster.page.request.post(`/api/talent/bids/${bid.id}/accept`));
  const hired = await ok<{ milestones: { id: string }[] }>(await poster.page.request.get(`/api/talent/gigs/${gig.id}`));
  const session = await ok<{ sessionId: string }>(
    await poster.page.request.post(`/api/talent/milestones/${hired.milestones[0]!.id}/checkout`),
  );
  await ok(await poster.page.request.post(`/api/payments/test-checkout/${session.sessionId}/pay`));

  // The talent disputes the funded milestone, with a reason.
  const t = talent.page;
  await t.goto(`/gigs/${gig.id}`);
  const panel = t.getByTestId('escrow-panel');
  await panel.getByRole('button', { name: `Dispute milestone: ${title}` }).click();
  const dialog = t.getByRole('dialog', { name: 'Dispute this milestone?' });
  await dialog.getByLabel('What went wrong?').fill('The poster changed the menu twice after I had painted it.');
  await dialog.getByRole('button', { name: 'Open dispute' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('milestone-status')).toHaveText('In dispute');

  // An admin splits it from the gig disputes queue: ₦12,000 to the talent, the rest refunded.
  const admin = await adminPage(browser);
  await admin.goto('/admin/dashboard/queues/disputes');
  const card = admin.getByRole('listitem').filter({ hasText: `Dispute on "${title}"` });
  await card.getByRole('button', { name: 'Open' }).click();
  const money = card.getByRole('region', { name: 'Money in escrow' });
  await expect(money).toContainText('Disputed by Ada Obi');
  await expect(money).toContainText('The poster changed the menu twice');
  const decide = money.getByRole('form', { name: `Resolve “${title}”` });
  await decide.getByLabel('Split between them').check();
  await decide.getByLabel('Ada Obi’s share (₦)').fill('12000');
  await expect(decide).toContainText(`Ngozi Eze gets ${formatAmount(BID_MINOR - 1_200_000)} back.`);
  await decide.getByLabel('Reason (both sides read it)').fill('Part of the work was redone at the poster’s request.');
  expect((await new AxeBuilder({ page: admin }).include('form[aria-label^="Resolve"]').analyze()).violations).toEqual(
    [],
  );
  await decide.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(decide).toBeHidden();

  // Both sides read the decision and its reason on the gig; the talent's part is theirs less the fee.
  const share = 1_200_000;
  const fee = Math.round(share * 0.1);
  const reason = 'Part of the work was redone at the poster’s request.';
  await t.reload();
  await expect(panel.getByTestId('milestone-status')).toHaveText('Released');
  const outcome = panel.getByTestId('milestone-outcome');
  await expect(outcome).toContainText(
    `Split: ${formatAmount(share)} released to you, ${formatAmount(BID_MINOR - share)} refunded to Ngozi’s payment.`,
  );
  await expect(outcome).toContainText(reason);
  await expect(panel.getByTestId('milestone-net')).toHaveText(
    `You received ${formatAmount(share - fee)} after the 10% platform fee (${formatAmount(fee)}).`,
  );
  await shoot(t, 'escrow-decided-talent', panel);
  const p = poster.page;
  await p.goto(`/gigs/${gig.id}`);
  const posterPanel = p.getByTestId('escrow-panel');
  await expect(posterPanel.getByTestId('milestone-outcome')).toContainText(
    `${formatAmount(BID_MINOR - share)} refunded to your payment.`,
  );
  await expect(posterPanel.getByTestId('milestone-outcome')).toContainText(reason);
  await shoot(p, 'escrow-decided-poster', posterPanel);
  await t.goto('/wallet');
  await expect(balance(t, /^Available/)).toContainText(formatAmount(share - fee));
  await admin.context().close();
});
