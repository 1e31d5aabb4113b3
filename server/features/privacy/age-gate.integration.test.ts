import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDER_AGE_MESSAGE } from '#shared/privacy/privacy.schemas';
import { buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { as, actor, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { guardianConsents } from './privacy.table';
import { bornYearsAgo } from './testing/privacy-fixtures';

/** The age gate of the money steps: date of birth asked once, under 16 refused, 16 and 17 wait for a guardian's mailed consent. */
let h: Harness;
let admin: Actor;
let tutor: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
  tutor = await actor(h, 'tutor');
});
afterAll(() => h.close());

async function newcomer(): Promise<Actor> {
  const row = await buildUser(h, { dateOfBirth: null });
  return { user: await h.services.accounts.present(row), cookie: await login(h, row.username) };
}
const paidCourse = async () =>
  (await makeCourse(h, tutor.user, { admin: admin.user, input: { priceMinor: 250_000 } })).id;
const checkout = (who: Actor, courseId: string) =>
  as(h, who)('POST', `/api/course-payments/courses/${courseId}/checkout`);

describe('checkout of a paid course', () => {
  it('asks for the date of birth first, then lets an adult through; the date is kept and cannot be changed', async () => {
    const member = await newcomer();
    const courseId = await paidCourse();
    const first = await checkout(member, courseId);
    expect(first.statusCode).toBe(428);
    expect(first.json()).toMatchObject({
      code: 'DATE_OF_BIRTH_REQUIRED',
      error: expect.stringContaining('date of birth'),
    });

    const dob = bornYearsAgo(h, 30);
    const saved = await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: dob });
    expect(saved.json()).toMatchObject({ state: 'allowed', dateOfBirth: dob });
    expect((await checkout(member, courseId)).statusCode).toBe(200);

    const changed = await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: bornYearsAgo(h, 40) });
    expect(changed.statusCode).toBe(409);
    expect((await as(h, member)('GET', '/api/user/age')).json()).toMatchObject({ dateOfBirth: dob });
  });

  it('refuses a date that is not a real day or lies in the future', async () => {
    const member = await newcomer();
    for (const bad of ['2001-02-30', '31/01/2001', '2999-01-01']) {
      const res = await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.dateOfBirth, bad).toBeTruthy();
    }
  });

  it("refuses a member under 16 with the terms' words, and keeps free things open", async () => {
    const member = await newcomer();
    await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: bornYearsAgo(h, 15) });
    const res = await checkout(member, await paidCourse());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'UNDER_AGE', error: UNDER_AGE_MESSAGE });
    expect(UNDER_AGE_MESSAGE).toContain('Minimum age 16');
    const free = await makeCourse(h, tutor.user, { admin: admin.user });
    expect((await as(h, member)('POST', `/api/courses/${free.id}/enroll`)).statusCode).toBeLessThan(300);
    // Naming a guardian does not open the gate under 16.
    expect(
      (
        await as(h, member)('POST', '/api/user/guardian-consent', {
          guardianName: 'Ngozi Eze',
          guardianEmail: 'ngozi@example.com',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('at 16, waits for the guardian, who consents by the mailed link; the consent is recorded with time and address', async () => {
    const member = await newcomer();
    const courseId = await paidCourse();
    await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: bornYearsAgo(h, 16) });
    const waiting = await checkout(member, courseId);
    expect(waiting.statusCode).toBe(428);
    expect(waiting.json()).toMatchObject({
      code: 'GUARDIAN_CONSENT_REQUIRED',
      error: expect.stringContaining('Under 18 needs parent or guardian consent'),
    });

    const ownMail = await as(h, member)('POST', '/api/user/guardian-consent', {
      guardianName: 'Ngozi Eze',
      guardianEmail: member.user.email,
    });
    expect(ownMail.statusCode).toBe(400);
    const asked = await as(h, member)('POST', '/api/user/guardian-consent', {
      guardianName: 'Ngozi Eze',
      guardianEmail: 'Ngozi.Eze@Example.com',
    });
    expect(asked.json()).toMatchObject({
      state: 'waiting',
      guardian: { name: 'Ngozi Eze', email: 'ngozi.eze@example.com', consentedAt: null },
    });
    expect((await checkout(member, courseId)).json().code).toBe('GUARDIAN_CONSENT_REQUIRED');

    await h.jobs.runDue();
    const mail = await h.smtp.waitFor('ngozi.eze@example.com');
    expect(mail.text).toContain(`${member.user.fullName} named you as their parent or guardian`);
    const link = linkIn(mail, '/guardian-consent?token=');
    const token = new URL(link).searchParams.get('token')!;

    // Reading the page uses nothing up; a visitor may read it (the guardian has no account).
    const page = await h.app.inject({ method: 'GET', url: `/api/guardian-consent?token=${token}` });
    expect(page.json()).toEqual({ guardianName: 'Ngozi Eze', memberName: member.user.fullName, consentedAt: null });
    const unticked = await h.app.inject({
      method: 'POST',
      url: '/api/guardian-consent',
      payload: { token, confirm: false },
    });
    expect(unticked.statusCode).toBe(400);
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/guardian-consent',
      payload: { token, confirm: true },
      headers: { 'user-agent': 'GuardianBrowser/1' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().consentedAt).toBe(h.clock.now.toISOString());
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/guardian-consent',
      payload: { token, confirm: true },
    });
    expect(again.json().code).toBe('TOKEN_INVALID');

    const [row] = await h.app.database.db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.userId, member.user.id));
    expect(row).toMatchObject({
      guardianEmail: 'ngozi.eze@example.com',
      consentIp: '127.0.0.1',
      consentUserAgent: 'GuardianBrowser/1',
    });
    expect(row!.consentedAt!.getTime()).toBe(h.clock.now.getTime());
    expect((await as(h, member)('GET', '/api/user/age')).json().state).toBe('allowed');
    expect((await checkout(member, courseId)).statusCode).toBe(200);
  });

  it('a resend retires the earlier link', async () => {
    const member = await newcomer();
    await as(h, member)('PUT', '/api/user/date-of-birth', { dateOfBirth: bornYearsAgo(h, 17) });
    await as(h, member)('POST', '/api/user/guardian-consent', {
      guardianName: 'Tunde Bello',
      guardianEmail: 'tunde@example.com',
    });
    await h.jobs.runDue();
    const first = new URL(
      linkIn(await h.smtp.waitFor('tunde@example.com'), '/guardian-consent?token='),
    ).searchParams.get('token')!;
    await as(h, member)('POST', '/api/user/guardian-consent', {
      guardianName: 'Tunde Bello',
      guardianEmail: 'tunde.b@example.com',
    });
    await h.jobs.runDue();
    const second = new URL(
      linkIn(await h.smtp.waitFor('tunde.b@example.com'), '/guardian-consent?token='),
    ).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await h.app.inject({ method: 'GET', url: `/api/guardian-consent?token=${first}` })).statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/guardian-consent?token=${second}` })).json().guardianName,
    ).toBe('Tunde Bello');
  });
});

describe('selling', () => {
  it("submitting a paid course asks the tutor's date of birth; a free one does not", async () => {
    const row = await buildUser(h, { role: 'tutor', dateOfBirth: null });
    const young: Actor = { user: await h.services.accounts.present(row), cookie: await login(h, row.username) };
    const paid = await makeCourse(h, young.user, { status: 'draft', input: { priceMinor: 100_000 } });
    const res = await as(h, young)('POST', `/api/courses/${paid.id}/submit`);
    expect(res.statusCode).toBe(428);
    expect(res.json().code).toBe('DATE_OF_BIRTH_REQUIRED');
    const free = await makeCourse(h, young.user, { status: 'draft' });
    expect((await as(h, young)('POST', `/api/courses/${free.id}/submit`)).statusCode).toBe(200);
    // Making a course in review paid is selling too.
    expect((await as(h, young)('PATCH', `/api/courses/${free.id}`, { priceMinor: 100_000 })).statusCode).toBe(428);
    await as(h, young)('PUT', '/api/user/date-of-birth', { dateOfBirth: bornYearsAgo(h, 25) });
    expect((await as(h, young)('POST', `/api/courses/${paid.id}/submit`)).statusCode).toBe(200);
  });
});
