import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mailedLink } from '../support/mail';
import { newPerson } from '../support/users';

test.describe.configure({ timeout: 150_000 });

/** Screens to look at: 360 and 1280 px, light and dark (test-results/passport). */
const SHOTS = 'test-results/passport';
async function shoot(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const path = `${SHOTS}/${name}-${width}-${theme}.png`;
      // The part itself: a settings page is several screens long.
      await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A verified, signed-in member in a context of their own. */
async function member(browser: Browser, fullName: string) {
  const context = await browser.newContext();
  const person = { ...newPerson(), fullName };
  const api = context.request;
  expect((await api.post('/api/register', { data: { ...person, agreeToTerms: true } })).status()).toBe(201);
  expect((await api.get(await mailedLink(person.email, '/api/verify-email/direct?token='))).ok()).toBe(true);
  const login = await api.post('/api/login', { data: { username: person.username, password: person.password } });
  expect(login.status()).toBe(200);
  const user = (await login.json()) as { id: string; username: string };
  return { context, page: await context.newPage(), id: user.id, username: user.username, fullName };
}

/**
 * Issue 31 in the browser: a mentor endorses a mentee's skill from the mentor dashboard, the
 * mentee sees it on their passport and hides it, and another member no longer sees it.
 */
test('a mentor endorses a mentee, who sees it on their passport and hides it from others', async ({ browser }) => {
  const mentor = await member(browser, 'Folasade Mentor');
  const mentee = await member(browser, 'Tobi Mentee');
  const other = await member(browser, 'Kunle Other');
  try {
    expect(
      (await mentee.context.request.patch('/api/user/profile', { data: { skills: ['javascript', 'figma'] } })).ok(),
    ).toBe(true);
    const setup = await mentor.context.request.post('/e2e/mentorship/held-session', {
      data: { mentorId: mentor.id, menteeId: mentee.id, sessions: 3 },
    });
    expect(setup.status(), await setup.text()).toBe(200);

    // The mentor endorses from their subscribers.
    const page = mentor.page;
    await page.goto('/mentor/dashboard');
    await page.getByRole('button', { name: `Endorse a skill of ${mentee.fullName}` }).click();
    const form = page.getByRole('form', { name: `Endorse ${mentee.fullName}` });
    await form.getByLabel('Skill').selectOption('javascript');
    await form.getByLabel('What you saw them do').fill('Short');
    await form.getByRole('button', { name: 'Endorse' }).click();
    await expect(form.getByText(/at least 20 characters/)).toBeVisible();
    await form
      .getByLabel('What you saw them do')
      .fill('Tobi rebuilt our checkout in plain JavaScript and explained every choice in review.');
    await shoot(page, 'endorse-form', page.getByRole('region', { name: 'Subscribers' }));
    await form.getByRole('button', { name: 'Endorse' }).click();
    await expect(page.getByText('Endorsed for JavaScript')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);

    // Another member sees it on the public profile.
    await other.page.goto(`/u/${mentee.username}`);
    const publicPassport = other.page.getByRole('region', { name: 'Skills passport' });
    await publicPassport.getByRole('button', { name: /JavaScript/ }).click();
    await expect(publicPassport.getByRole('link', { name: `Endorsed by ${mentor.fullName}` })).toBeVisible();

    // The mentee sees it on /profile, keyboard first, and hides it.
    const own = mentee.page;
    await own.goto('/profile#passport');
    const passport = own.locator('#passport');
    const skill = passport.getByRole('button', { name: /JavaScript/ });
    await skill.focus();
    await own.keyboard.press('Enter');
    await expect(skill).toHaveAttribute('aria-expanded', 'true');
    await expect(passport.getByText('Tobi rebuilt our checkout in plain JavaScript')).toBeVisible();
    await shoot(own, 'own-passport', passport);
    await passport.getByRole('button', { name: `Hide “Endorsed by ${mentor.fullName}” from others` }).click();
    await expect(passport.getByText('Hidden from others')).toBeVisible();
    await expect(passport.getByText('Others see Claimed')).toBeVisible();
    expect((await new AxeBuilder({ page: own }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);

    // The other member no longer sees it.
    await other.page.reload();
    await publicPassport.getByRole('button', { name: /JavaScript/ }).click();
    const javascript = publicPassport
      .getByRole('listitem')
      .filter({ has: other.page.getByRole('button', { name: /JavaScript/ }) });
    await expect(javascript.getByText('Only listed on the profile: no evidence on the platform yet.')).toBeVisible();
    await expect(publicPassport.getByText(`Endorsed by ${mentor.fullName}`)).toHaveCount(0);
    await shoot(other.page, 'public-passport', publicPassport);
  } finally {
    await Promise.all([mentor.context.close(), mentee.context.close(), other.context.close()]);
  }
});
