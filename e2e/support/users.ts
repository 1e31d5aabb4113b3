import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { mailedLink } from './mail';

export const PASSWORD = 'Lagos-Sunrise-42';

export function newPerson() {
  const username = `e2e_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, fullName: 'Chiamaka Okafor', password: PASSWORD };
}
export type Person = ReturnType<typeof newPerson>;

/** Registers through the form and verifies through the mailed link. */
export async function registerAndVerify(page: Page, person: Person = newPerson()) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Full name').fill(person.fullName);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm password').fill(person.password);
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
  await page.goto(await mailedLink(person.email, '/api/verify-email/direct?token='));
  await expect(page.getByText('Email Verified Successfully')).toBeVisible();
  return person;
}

/**
 * A verified member signed in on the page's browser context over the API (the context's request
 * shares its cookies), the page then on Home as the login form leaves it. The forms themselves are
 * proven by auth/accounts.e2e.ts and the shell's tests; through them, every other test's sign-up
 * took five page loads and two forms.
 */
export async function signedUp(page: Page, person: Person = newPerson()) {
  const api = page.request;
  const registered = await api.post('/api/register', { data: { ...person, agreeToTerms: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await api.get(await mailedLink(person.email, '/api/verify-email/direct?token='))).ok()).toBe(true);
  const login = await api.post('/api/login', { data: { username: person.username, password: person.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { id } = (await login.json()) as { id: string };
  await page.goto('/');
  return { ...person, id };
}

export async function logIn(page: Page, person: Pick<Person, 'username' | 'password'>) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
}
