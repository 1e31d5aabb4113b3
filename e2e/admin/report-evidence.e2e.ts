import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

const SHOTS = process.env.ADMIN_SHOTS_DIR;

async function member(browser: Browser, fullName: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page, { ...newPerson(), fullName });
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, id: user.id };
}

/** Screenshots at both widths and both themes, for looking at (ADMIN_SHOTS_DIR set). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an admin reads a reported message in its thread, warns the member, and the audit log says so in words', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const musa = await member(browser, 'Musa Bello');
  const ngozi = await member(browser, 'Ngozi Eze');
  const started = await ngozi.page.request.post('/api/chat/conversations', { data: { userId: musa.id } });
  const conversationId = ((await started.json()) as { id: string }).id;
  const say = async (who: typeof musa, body: string) => {
    const res = await who.page.request.post(`/api/chat/conversations/${conversationId}/messages`, { data: { body } });
    return ((await res.json()) as { id: string }).id;
  };
  await say(ngozi, 'Hello, is the laptop still for sale?');
  const rude = await say(musa, 'Stop wasting my time, you fool');
  await say(ngozi, 'There is no need for that.');
  expect(
    (
      await ngozi.page.request.post('/api/reports', {
        data: { kind: 'message', targetId: rude, reason: 'He insulted me when I asked a question' },
      })
    ).status(),
  ).toBe(201);
  // Deleting it afterwards hides nothing from the admins.
  await musa.page.request.delete(`/api/chat/conversations/${conversationId}/messages/${rude}`);

  const admin = await adminPage(browser);
  await admin.goto('/admin/dashboard/queues/reports');
  const card = admin.getByRole('listitem').filter({ hasText: 'He insulted me when I asked a question' });
  await card.getByRole('button', { name: 'Open' }).click();
  const evidence = card.getByTestId('report-evidence');
  await expect(evidence).toContainText('A message was reported by Ngozi Eze about Musa Bello.');
  await expect(evidence.getByRole('listitem')).toHaveCount(3);
  const reported = evidence.locator('li[data-reported]');
  await expect(reported).toContainText('Musa Bello');
  await expect(reported).toContainText('Reported message');
  await expect(reported).toContainText('Stop wasting my time, you fool');
  await expect(
    evidence.getByRole('listitem').filter({ hasText: 'Hello, is the laptop still for sale?' }),
  ).toBeVisible();
  await expect(evidence.getByRole('link', { name: 'Musa Bello' })).toHaveAttribute(
    'href',
    `/admin/dashboard/members/${musa.id}`,
  );
  await shots(admin, 'report-evidence');

  await card.getByRole('button', { name: 'Warn the member' }).click();
  await expect(card).toBeHidden();

  await admin.goto('/admin/dashboard/audit');
  const entry = admin.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: 'about a report' }).first();
  await expect(entry).toContainText('warned Musa Bello about a report');
  const link = entry.getByRole('link', { name: 'Musa Bello' });
  await expect(link).toHaveAttribute('href', `/admin/dashboard/members/${musa.id}`);
  const raw = entry.locator('details pre');
  await expect(raw).toBeHidden();
  await entry.getByText('Details').click();
  await expect(raw).toContainText('"action": "report.warn"');
  await shots(admin, 'audit');
  await link.click();
  await expect(admin.getByRole('heading', { name: 'Musa Bello', level: 1 })).toBeVisible();
});
