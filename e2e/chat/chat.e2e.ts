import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { newPerson, type Person, signedUp } from '../support/users';

/** A 1x1 PNG: the smallest photo the server's image check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SHOTS = process.env.CHAT_SHOTS_DIR;

async function member(browser: Browser, fullName: string): Promise<{ page: Page; person: Person; id: string }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await signedUp(page, { ...newPerson(), fullName });
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, person, id: user.id };
}

/** Screenshots at both widths and both themes, for looking at (CHAT_SHOTS_DIR set). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('two members chat live with typing, receipts and a photo; a block ends sending', async ({ browser }) => {
  test.setTimeout(150_000);
  const ada = await member(browser, 'Adaeze Nwosu');
  const bayo = await member(browser, 'Bayo Adeyemi');

  // "Message" on Bayo's profile does this: the pair's conversation, with where it started.
  const id = await ada.page.evaluate(
    async ({ userId, username }) => {
      const res = await fetch('/api/chat/conversations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, context: { kind: 'profile', id: username } }),
      });
      return ((await res.json()) as { id: string }).id;
    },
    { userId: bayo.id, username: bayo.person.username },
  );

  await ada.page.goto(`/chat/${id}`);
  await bayo.page.goto('/chat');
  await expect(bayo.page.getByTestId('conversation-row')).toContainText('Adaeze Nwosu');
  await bayo.page.getByTestId('conversation-row').click();
  await expect(bayo.page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(ada.page.getByTestId('context-chip')).toHaveText('From: Profile');

  // Typing shows on the other side before anything is sent.
  const adaBox = ada.page.getByLabel('Message', { exact: true });
  await adaBox.pressSequentially('Hello Bayo, see https://example.com', { delay: 20 });
  // Typing goes out at most every 2.5 s, and Bayo's tab may still be joining the room when the
  // first one leaves (CI saw it missed): Ada goes on typing, as a person does, until it shows.
  await expect(async () => {
    await adaBox.press('Space');
    await adaBox.press('Backspace');
    await expect(bayo.page.getByTestId('typing')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await adaBox.press('Enter');
  const received = bayo.page.getByTestId('message').filter({ hasText: 'Hello Bayo' });
  await expect(received).toBeVisible();
  await expect(received.getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow ugc',
  );
  // Bayo has it open: Ada's message goes to read.
  await expect(
    ada.page.getByTestId('message').filter({ hasText: 'Hello Bayo' }).getByTestId('receipt'),
  ).toHaveAttribute('data-state', 'read');

  // A photo, with the message box's progress, reaches Ada live.
  await bayo.page.getByTestId('attach-input').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: PNG });
  await expect(bayo.page.getByTestId('attachment-ready')).toContainText('sunset.png');
  await bayo.page.getByLabel('Message', { exact: true }).fill('Our stand at the fair');
  await bayo.page.getByRole('button', { name: 'Send' }).click();
  const photo = ada.page.getByTestId('message').filter({ hasText: 'Our stand at the fair' });
  await expect(photo.getByRole('img', { name: 'sunset.png' })).toBeVisible();
  // The photo is private (served to the two members only): Ada's browser loads it all the same,
  // and a visitor without a session gets 404.
  await expect
    .poll(() =>
      photo
        .getByRole('img', { name: 'sunset.png' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const photoUrl = await photo
    .getByRole('img', { name: 'sunset.png' })
    .evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  expect((await ada.page.request.get(photoUrl)).status()).toBe(200);
  const visitor = await browser.newContext({ baseURL: E2E.baseUrl });
  expect((await visitor.request.get(photoUrl)).status()).toBe(404);
  await visitor.close();
  await expect(
    bayo.page.getByTestId('message').filter({ hasText: 'Our stand' }).getByTestId('receipt'),
  ).toHaveAttribute('data-state', 'read');

  await shots(ada.page, 'thread');
  await ada.page.goto('/chat');
  await shots(ada.page, 'list');
  await ada.page.goto(`/chat/${id}`);

  // Ada blocks Bayo: both sides say so; he keeps the history (decision 054) and sending is refused.
  await ada.page.getByRole('button', { name: 'Conversation actions' }).click();
  await ada.page.getByRole('menuitem', { name: 'Block' }).click();
  await ada.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(ada.page.getByTestId('blocked-note')).toHaveText(
    'You blocked this member. Unblock them to send a message.',
  );
  await expect(bayo.page.getByTestId('blocked-note')).toHaveText('You can no longer message this member.');
  await expect(bayo.page.getByTestId('message').filter({ hasText: 'Our stand at the fair' })).toBeVisible();
  const refused = await bayo.page.evaluate(async (conversationId) => {
    const res = await fetch(`/api/chat/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'still there?' }),
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  }, id);
  expect(refused).toEqual({
    status: 403,
    body: expect.objectContaining({ error: 'You can no longer message this member.' }),
  });
  // Ada keeps the history.
  await expect(ada.page.getByTestId('message').filter({ hasText: 'Our stand at the fair' })).toBeVisible();
});

test('the header shows unread chat messages on the Chat entry', async ({ browser }) => {
  test.setTimeout(90_000);
  const ada = await member(browser, 'Adaeze Nwosu');
  const bayo = await member(browser, 'Bayo Adeyemi');
  const id = await ada.page.evaluate(async (userId) => {
    const res = await fetch('/api/chat/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    return ((await res.json()) as { id: string }).id;
  }, bayo.id);
  await bayo.page.goto('/');
  await expect(bayo.page.getByTestId('chat-link')).toHaveAccessibleName('Chat');
  await ada.page.evaluate(async (conversationId) => {
    for (const body of ['one', 'two']) {
      await fetch(`/api/chat/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
    }
  }, id);
  await expect(bayo.page.getByTestId('chat-badge')).toHaveText('2');
  await bayo.page.getByTestId('chat-link').click();
  await bayo.page.getByTestId('conversation-row').click();
  await expect(bayo.page.getByTestId('message')).toHaveCount(2);
  await expect(bayo.page.getByTestId('chat-badge')).toHaveCount(0);
});
