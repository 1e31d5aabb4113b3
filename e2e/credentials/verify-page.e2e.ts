import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi } from '../notifications/admin';
import { newPerson } from '../support/users';

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
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor verifies a credential in the browser: valid, then revoked by an admin', async ({ page }) => {
  const person = newPerson();
  const registered = await page.request.post('/api/register', { data: { ...person, agreeToTerms: true } });
  expect(registered.status()).toBe(201);
  const issued = await page.request.post('/e2e/credentials/skill', { data: { userId: (await registered.json()).id } });
  const { id } = (await issued.json()) as { id: string };

  // Signed out: the page checks the VC-JWT against the JWKS itself.
  await page.context().clearCookies();
  const checks = page.waitForResponse((r) => r.url().endsWith('/.well-known/jwks.json'));
  await page.goto(`/credentials/${id}`);
  await checks;
  await expect(page.getByTestId('credential-verdict')).toHaveText('Valid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('React (proven)');
  await expect(page.getByTestId('credential-holder')).toHaveText(person.fullName);
  await expect(page.getByTestId('credential-evidence').getByRole('link')).toHaveAttribute(
    'href',
    'https://example.com/gigs/fabric-shop',
  );
  const linkedIn = new URL((await page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href'))!);
  expect(linkedIn.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
  expect(linkedIn.searchParams.get('certId')).toBe(id);
  expect(linkedIn.searchParams.get('certUrl')).toBe(page.url());
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download the credential/ }).click();
  expect((await download).suggestedFilename()).toBe(`credential-${id}.json`);
  await shoot(page, 'credential-valid');

  const admin = await adminApi();
  const revoked = await admin.post(`/api/admin/credentials/${id}/revoke`, { data: { reason: 'Evidence withdrawn' } });
  expect(revoked.status()).toBe(204);
  await page.reload();
  await expect(page.getByTestId('credential-verdict')).toHaveText('Revoked');
  await expect(page.getByText('Reason: Removed by an administrator: Evidence withdrawn')).toBeVisible();
  await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
  await shoot(page, 'credential-revoked');

  await page.goto('/credentials/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Credential not found' })).toBeVisible();
});
