import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logIn, registerAndVerify, signedUp } from '../support/users';
import { adminApi, adminPage, socketJoined, tag } from './admin';

test('the bell counts unread, shows 9+ above 9, lists them, and "Mark all read" clears it', async ({ page }) => {
  await signedUp(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // A new member's page says so, in both filters.
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page.getByText('You are all caught up')).toBeVisible();
  await page.goto('/profile');

  const admin = await adminApi();
  const t = tag();
  for (let i = 1; i <= 3; i++) await admin.broadcast(`Bell ${t} #${i}`);
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('3');

  for (let i = 4; i <= 11; i++) await admin.broadcast(`Bell ${t} #${i}`);
  await expect(bell).toHaveAccessibleName('Notifications, 11 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('9+');
  await admin.dispose();

  await bell.click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await expect(menu.getByTestId('notification-item')).toHaveCount(11);
  await expect(menu.getByTestId('notification-item').first()).toContainText(`Bell ${t} #11`);
  await expect(menu.getByTestId('notification-item').first()).toContainText('Just now');
  // axe counts a scrolling menu as unreachable because its items use roving focus
  // (tabindex -1); the arrow keys do reach them, and scroll them into view, as checked below.
  const axe = await new AxeBuilder({ page })
    .include('[role="menu"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .disableRules(['scrollable-region-focusable'])
    .analyze();
  expect(axe.violations).toEqual([]);
  // End lands on "View all notifications"; one up is the oldest notification, at the bottom.
  await menu.getByTestId('notification-item').first().focus();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: /View all notifications/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByTestId('notification-item').last()).toBeFocused();
  await expect(menu.getByTestId('notification-item').last()).toBeInViewport();
  await menu.getByRole('menuitem', { name: /Mark all read/ }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(menu.getByTestId('unread-dot')).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /Mark all read/ })).toHaveAttribute('aria-disabled', 'true');
  // The open menu hides the rest of the page from assistive technology; close it to read the bell.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAccessibleName('Notifications');

  // Still read after a reload: the server kept it.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications');

  // "View all notifications" leads to the page, by keyboard.
  await bell.focus();
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: /View all notifications/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
});

test('a click reads one and follows its link; the dropdown fits a 360 px screen', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, person);
  const admin = await adminApi();
  const t = tag();
  const res = await admin.post('/api/admin/broadcasts', {
    data: { title: `Linked ${t}`, message: 'Open your profile.', audience: 'all', link: '/profile' },
  });
  expect(res.status()).toBe(201);
  await admin.broadcast(`Plain ${t}`);
  await admin.dispose();

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await menu.getByRole('menuitem', { name: new RegExp(`Linked ${t}`) }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
});

test('a broadcast reaches an open page live, without a reload or the 30 s poll', async ({ page, browser }) => {
  const person = await registerAndVerify(page);
  const joined = socketJoined(page);
  await logIn(page, person);
  await joined;
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Broadcasts' }).click();
  const title = `Live ${tag()}`;
  const form = admin.getByRole('form', { name: 'Send a broadcast' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Arrives while you watch.');
  await expect(form.getByLabel('Type')).toHaveValue('admin_broadcast');
  await expect(form.getByLabel('Everyone (admins excluded)')).toBeChecked();
  await form.getByRole('button', { name: 'Send broadcast' }).click();
  await admin.getByRole('dialog', { name: 'Send this broadcast?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(admin.getByText('Broadcast sent')).toBeVisible();
  await expect(admin.getByText(/^Sent to \d+ members?\.$/)).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Recent broadcasts' }).getByText(title)).toBeVisible();

  // Far below the 30 s poll: only the socket can have brought it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 });
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await bell.click();
  await expect(
    page.getByRole('menu', { name: 'Notifications' }).getByTestId('notification-item').first(),
  ).toContainText(title);
  await admin.context().close();
});

test('the broadcast form shows field errors and refuses a link to another site', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Broadcasts' }).click();
  const form = admin.getByRole('form', { name: 'Send a broadcast' });
  await form.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await form.getByLabel('Title').fill('Hello');
  await form.getByLabel('Message').fill('World');
  await form.getByLabel('Link (optional)').fill('https://evil.example');
  await form.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(form.getByText('Link must be a path inside the app, starting with /')).toBeVisible();
  await admin.context().close();
});

test('a system update to one role reaches a member holding it, not another; the history says what was sent', async ({
  page,
  browser,
}) => {
  // Two members registered through the form, an admin and four screenshots on a shared machine.
  test.setTimeout(90_000);
  await signedUp(page);
  const took = await page.evaluate(
    async () =>
      (
        await fetch('/api/user/roles', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"role":"job_seeker"}',
        })
      ).status,
  );
  expect(took).toBeLessThan(300);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signedUp(other);

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Broadcasts' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard\/broadcasts$/);
  const title = `Update ${tag()}`;
  const form = admin.getByRole('form', { name: 'Send a broadcast' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Applications now show their status.');
  await form.getByLabel('Type').selectOption('system_update');
  await form.getByLabel('Members holding any of these roles').check();
  await expect(form.getByRole('group', { name: 'Roles' }).getByLabel('Admin')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(form.getByText('Choose at least one role')).toBeVisible();
  await form.getByLabel('Job seeker').check();
  await form.getByRole('button', { name: 'Send broadcast' }).click();
  await admin.getByRole('dialog', { name: 'Send this broadcast?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(admin.getByText('Broadcast sent')).toBeVisible();

  const row = admin
    .getByRole('list', { name: 'Recent broadcasts' })
    .getByTestId('broadcast-row')
    .filter({ hasText: title });
  await expect(row).toContainText('System update');
  // Text content runs the list's terms and values together; on screen a gap parts them.
  await expect(row).toContainText(/To\s*Job seeker/);
  await expect(row).toContainText(/By\s*Administrator/);
  await expect(row).toContainText(/Received by\s*\d+ recipients?/);

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
  await bell.click();
  await expect(
    page.getByRole('menu', { name: 'Notifications' }).getByTestId('notification-item').first(),
  ).toContainText(title);
  // The page of the job that reached the seeker held every recipient: the bystander's would be there by now.
  await other.goto('/notifications');
  await expect(other.getByText('No notifications yet')).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await otherContext.close();

  await form.getByLabel('Members holding any of these roles').check();
  for (const scheme of ['light', 'dark'] as const) {
    await admin.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: test.info().outputPath(`broadcasts-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await admin.setViewportSize({ width: 1280, height: 900 });
  const axe = await new AxeBuilder({ page: admin }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await admin.context().close();
});
