import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '#shared/auth/sign-in-link.schemas';
import { mailedLink } from '../support/mail';
import { E2E } from '../support/ports';
import { registerAndVerify } from '../support/users';

/** The page at both widths and both themes, for people to look at; no sideways scrolling, no axe violations. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const mailsTo = async (email: string) =>
  (await (await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`)).json()) as string[];

test('locked out by guesses, the owner asks for a sign-in link, opens it from the mail and is signed in', async ({
  page,
  request,
}) => {
  // Sixteen screenshots with an accessibility check each: about 30 s on a slow CI machine alone.
  test.setTimeout(90_000);
  const person = await registerAndVerify(page);

  // Strangers behind the owner's address guess until sign-ins to the account from here pause.
  let status = 0;
  for (let i = 0; i < 80 && status !== 429; i++) {
    const res = await request.post('/api/login', {
      data: { username: person.username, password: `Wrong-Guess-${i}` },
    });
    status = res.status();
  }
  expect(status).toBe(429);

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  const offer = form.getByRole('button', { name: 'Email me a sign-in link' });
  await expect(offer).toBeVisible();
  await shoot(page, 'offer');

  await offer.click();
  await expect(form.getByText(SIGN_IN_LINK_SENT)).toBeVisible();
  await shoot(page, 'sent');

  const link = await mailedLink(person.email, '/sign-in-link?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
  await shoot(page, 'open');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chiamaka');

  // The owner is told, and the link worked once.
  await expect
    .poll(async () => (await mailsTo(person.email)).some((text) => text.includes('A sign-in link mailed to this')))
    .toBe(true);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(SIGN_IN_LINK_INVALID)).toBeVisible();
  await shoot(page, 'used');
});
