import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { formatMoney } from '#shared/money';
import { adminApi, uniqueTitle } from '../courses/support';
import { E2E } from '../support/ports';
import { logIn, registerAndVerify, type Person } from '../support/users';

export const PRICE_MINOR = 1_500_000;
export const PRICE_TEXT = '₦15,000';

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/**
 * A published ₦15,000 course with one text lesson, built over HTTP by `tutorApi` (a tutor's
 * session) and approved by `admin`, like courses/support.ts does for free courses.
 */
export async function publishPaidCourse(
  tutorApi: APIRequestContext,
  admin: APIRequestContext,
  title: string,
  lesson = 'Welcome to the course',
): Promise<string> {
  const course = await ok<{ id: string }>(
    await tutorApi.post('/api/courses', {
      data: {
        title,
        summary: 'A paid course built by the browser tests.',
        category: 'business',
        level: 'beginner',
        priceMinor: PRICE_MINOR,
        currency: 'NGN',
      },
    }),
    201,
  );
  const section = await ok<{ id: string }>(
    await tutorApi.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } }),
    201,
  );
  await ok(
    await tutorApi.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
      data: { kind: 'text', title: lesson, body: `## ${lesson}\n\nRead this first.`, durationSeconds: 120 },
    }),
    201,
  );
  await ok(await tutorApi.post(`/api/courses/${course.id}/submit`));
  await ok(await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } }));
  return course.id;
}

/** Buys over HTTP with the page's session: checkout, then the test gateway's "Pay now". */
export async function buyViaApi(page: Page, courseId: string): Promise<string> {
  const session = await ok<{ url: string; sessionId: string }>(
    await page.request.post(`/api/course-payments/courses/${courseId}/checkout`),
  );
  const paid = await ok<{ redirectUrl: string }>(
    await page.request.post(`/api/payments/test-checkout/${session.sessionId}/pay`),
  );
  return paid.redirectUrl;
}

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; person: Person }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  const person = await registerAndVerify(page);
  await logIn(page, person);
  // Buying and selling ask the date of birth first (decision 020): these are adults.
  await ok(await context.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1990-01-01' } }));
  await page.close();
  return { context, person };
}

/**
 * The payments tests' cast, made once per worker: the server allows 20 registrations an hour
 * from one address, and the whole browser suite shares that. One tutor sells a new course to
 * each test; one learner buys them (a course per test keeps the tests independent).
 */
export interface Shop {
  tutor: { api: APIRequestContext; state: Storage; person: Person };
  learner: { state: Storage; person: Person };
  /** A new published paid course with a title no other test uses. */
  course(stem: string): Promise<{ id: string; title: string }>;
  /** The tutor's gross sales in naira so far (minor units). */
  grossMinor(): Promise<number>;
}

export const test = base.extend<{ learner: Person }, { shop: Shop }>({
  shop: [
    async ({ browser }, use) => {
      const tutor = await signedIn(browser);
      await ok(await tutor.context.request.post('/api/user/become-tutor'));
      const learner = await signedIn(browser);
      const admin = await adminApi();
      await use({
        tutor: { api: tutor.context.request, state: await tutor.context.storageState(), person: tutor.person },
        learner: { state: await learner.context.storageState(), person: learner.person },
        async course(stem) {
          const title = uniqueTitle(stem);
          return { id: await publishPaidCourse(tutor.context.request, admin, title), title };
        },
        async grossMinor() {
          const revenue = await ok<{ currencies: { currency: string; grossMinor: number }[] }>(
            await tutor.context.request.get('/api/tutor/revenue'),
          );
          return revenue.currencies.find((c) => c.currency === 'NGN')?.grossMinor ?? 0;
        },
      });
      await admin.dispose();
      await tutor.context.close();
      await learner.context.close();
    },
    { scope: 'worker' },
  ],
  // Every test's `page` is the shop's learner, already signed in. Cookies are added to the
  // test's own context only: a storageState option would also sign in every other context the
  // test opens, and an admin signing in over the learner's session would end it.
  context: async ({ context, shop }, use) => {
    await context.addCookies(shop.learner.state.cookies);
    await use(context);
  },
  learner: async ({ shop }, use) => use(shop.learner.person),
});

export const money = (minor: number) => formatMoney(minor, 'NGN');
