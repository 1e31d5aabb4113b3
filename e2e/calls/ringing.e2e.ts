import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CALL_CHROMIUM_ARGS, expectVideoFlowing, member } from './support';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CALL_CHROMIUM_ARGS },
});
// Two members, three pages and a call on a shared 2-core machine: minutes, not seconds.
test.describe.configure({ timeout: 150_000 });

/** Screenshots of the dialog at both widths and both themes, for looking at (RING_SHOTS_DIR set). */
async function shots(page: Page, name: string) {
  const dir = process.env.RING_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A calls B from their conversation: A presses Video call, then Join call, and waits. */
async function callFromChat(browser: Parameters<typeof member>[0]) {
  // Two names, so the dialog is seen to name the caller, not the member looking at it.
  const a = await member(browser, 'Adaeze Nwosu');
  const b = await member(browser, 'Tunde Bakare');
  const started = await a.context.request.post('/api/chat/conversations', { data: { userId: b.id } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  // The callee is elsewhere: one tab on the notifications, one on the home page.
  const other = await b.context.newPage();
  // Each tab's socket (the ring goes to the sockets open when the caller enters).
  const sockets = [b.page.waitForEvent('websocket'), other.waitForEvent('websocket')];
  await b.page.goto('/notifications');
  await other.goto('/');
  await Promise.all(sockets);
  await a.page.goto(`/chat/${id}`);
  await a.page.getByRole('button', { name: 'Video call' }).click();
  await expect(a.page.getByTestId('local-video')).toBeVisible({ timeout: 15_000 });
  await a.page.getByRole('button', { name: 'Join call' }).click();
  await expect(a.page.getByText(`Waiting for ${b.fullName} to join…`)).toBeVisible();
  const room = new URL(a.page.url()).searchParams.get('room')!;
  return { a, b, other, room, conversation: id };
}

test('a call from a chat rings every tab of the callee; Accept on one stops the other and connects', async ({
  browser,
}) => {
  const { a, b, other, room } = await callFromChat(browser);
  for (const page of [b.page, other]) {
    const dialog = page.getByRole('dialog', { name: a.fullName });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Incoming video call…')).toBeVisible();
  }
  await expect(b.page).toHaveTitle(/is calling|Notifications/);
  await shots(b.page, 'incoming-call');

  await b.page.getByRole('button', { name: 'Accept' }).click();
  await expect(other.getByRole('dialog')).toBeHidden();
  await expect(b.page).toHaveURL(new RegExp(`/video-call\\?room=${room}$`));
  await expect(b.page.getByTestId('local-video')).toBeVisible({ timeout: 15_000 });
  await b.page.getByRole('button', { name: 'Join call' }).click();
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  for (const m of [a, b]) await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');
  await a.context.close();
  await b.context.close();
});

test('Decline tells the caller, and the chat shows the missed call', async ({ browser }) => {
  const { a, b, other, conversation } = await callFromChat(browser);
  await other.getByRole('dialog', { name: a.fullName }).getByRole('button', { name: 'Decline' }).click();
  await expect(b.page.getByRole('dialog')).toBeHidden();
  await expect(a.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await expect(a.page.getByText(`${b.fullName} declined the call.`)).toBeVisible();
  await a.page.goto(`/chat/${conversation}`);
  // In the thread, not the conversation list's preview of its last message (both may show it).
  const inThread = a.page.locator(':not([data-testid="conversation-row"] *)');
  await expect(a.page.getByText('Missed video call').and(inThread)).toBeVisible();
  await a.context.close();
  await b.context.close();
});
