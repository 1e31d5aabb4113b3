import { mkdirSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

const SHOTS = process.env.CHAT_SHOTS_DIR;
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Word document as Word writes it, in miniature: a ZIP with its content types and main part. */
const docx = () =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'word/document.xml': strToU8('<?xml version="1.0"?><w:document/>'),
    }),
  );

async function member(browser: Browser, fullName: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page, { ...newPerson(), fullName });
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, id: user.id };
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
    }
  }
}

test('a Word document travels in chat: refused when it is a program, downloaded by the other member', async ({
  browser,
}) => {
  test.setTimeout(120_000);
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
  await ada.page.goto(`/chat/${id}`);
  await bayo.page.goto(`/chat/${id}`);

  // The picker offers documents, and a program named .docx is refused in words that list what goes.
  const input = ada.page.getByTestId('attach-input');
  await expect(input).toHaveAttribute('accept', /\.docx/);
  await expect(ada.page.getByRole('button', { name: 'Attach a photo or document' })).toBeVisible();
  await input.setInputFiles({
    name: 'contract.docx',
    mimeType: DOCX_TYPE,
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await expect(ada.page.getByRole('alert')).toHaveText(
    'This file is not an accepted attachment: choose a picture (PNG, JPEG, WebP or GIF up to 5 MB) or a PDF, Word, Excel, PowerPoint, OpenDocument, CSV, text or ZIP file up to 20 MB.',
  );

  const contract = docx();
  await input.setInputFiles({ name: 'Ìwé àdéhùn.docx', mimeType: DOCX_TYPE, buffer: contract });
  await expect(ada.page.getByTestId('attachment-ready')).toContainText('Ìwé àdéhùn.docx');
  await ada.page.getByLabel('Message', { exact: true }).fill('The contract, signed');
  await ada.page.getByRole('button', { name: 'Send' }).click();

  const message = bayo.page.getByTestId('message').filter({ hasText: 'The contract, signed' });
  const link = message.getByRole('link', { name: /^Download Ìwé àdéhùn\.docx, \d+ KB$/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([bayo.page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Ìwé àdéhùn.docx');
  const response = await bayo.page.request.get((await link.getAttribute('href'))!);
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.from(await response.body()).equals(contract)).toBe(true);

  await shots(bayo.page, 'document');
});
