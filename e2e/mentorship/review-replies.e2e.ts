import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { member } from '../calls/support';
import { adminPage } from '../notifications/admin';

test.describe.configure({ timeout: 120_000 });

/** SHOTS=dir saves the screens decision 035 was checked with (360 px and 1280 px). */
const SHOTS = process.env.SHOTS;

/**
 * Decision 035 in the browser: the reviewed mentor replies under a review on their profile, edits
 * the reply, and the mentee reads it there.
 */
test('a mentor replies to a review on their profile and the mentee reads the reply', async ({ browser }) => {
  const mentor = await member(browser);
  const mentee = await member(browser);
  try {
    const setup = await mentor.context.request.post('/e2e/mentorship/held-session', {
      data: { mentorId: mentor.id, menteeId: mentee.id },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const review = await mentee.context.request.post('/api/mentorship/reviews', {
      data: { mentorId: mentor.id, rating: 4, text: 'Practical advice on my promotion case, and honest feedback.' },
    });
    expect(review.status(), await review.text()).toBe(201);

    const page = mentor.page;
    await page.goto(`/mentorship/mentor/${mentor.id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('Practical advice on my promotion case, and honest feedback.')).toBeVisible({
      timeout: 20_000,
    });
    await reviews.getByRole('button', { name: `Reply to ${mentee.fullName}'s review` }).click();
    await reviews.getByRole('button', { name: 'Post reply' }).click();
    await expect(reviews.getByText('Write your reply')).toBeVisible();
    await reviews
      .getByLabel('Your public reply')
      .fill('Thank you! Keep the plan going and send me your draft before the review cycle.');
    await reviews.getByRole('button', { name: 'Post reply' }).click();
    const reply = reviews.getByTestId('review-reply');
    await expect(reply).toContainText('Thank you! Keep the plan going');

    await reviews.getByRole('button', { name: `Edit your reply to ${mentee.fullName}'s review` }).click();
    await reviews
      .getByLabel('Your public reply')
      .fill('Thank you! Keep the plan going and send me your draft before the review cycle starts.');
    await reviews.getByRole('button', { name: 'Post reply' }).click();
    await expect(reply).toContainText('(edited)');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations).toEqual([]);

    await mentee.page.goto(`/mentorship/mentor/${mentor.id}`);
    const seen = mentee.page.getByRole('region', { name: 'Reviews' });
    await expect(seen.getByTestId('review-reply')).toContainText('review cycle starts.', { timeout: 20_000 });
    await expect(seen.getByRole('button', { name: /reply/i })).toHaveCount(0);

    if (SHOTS) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await reviews.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/profile-reply-${width}.png`, fullPage: true });
      }
    }
  } finally {
    await mentor.context.close();
    await mentee.context.close();
  }
});

test("the member's purchases show the part a mentor's early cancel refunded", async ({ browser }) => {
  const mentor = await member(browser);
  const mentee = await member(browser);
  try {
    const setup = await mentor.context.request.post('/e2e/mentorship/partly-refunded', {
      data: { mentorId: mentor.id, menteeId: mentee.id },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const page = mentee.page;
    await page.goto('/courses/student');
    const row = page.getByTestId('purchase').filter({ hasText: 'Career growth' });
    await expect(row.getByTestId('partial-refund')).toHaveText('Refunded ₦10,000 of ₦20,000', { timeout: 20_000 });
    await expect(row.getByTestId('purchase-status')).toHaveText('Paid');
    if (SHOTS) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/purchases-partial-${width}.png` });
      }
    }
  } finally {
    await mentor.context.close();
    await mentee.context.close();
  }
});

test("an admin hides a review from the mentor's member page; the author sees it marked, visitors of the profile do not", async ({
  browser,
}) => {
  const mentor = await member(browser);
  const mentee = await member(browser);
  const admin = await adminPage(browser);
  try {
    const setup = await mentor.context.request.post('/e2e/mentorship/held-session', {
      data: { mentorId: mentor.id, menteeId: mentee.id },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const text = 'Rude and unhelpful, and here is his phone number.';
    expect(
      (
        await mentee.context.request.post('/api/mentorship/reviews', { data: { mentorId: mentor.id, rating: 1, text } })
      ).status(),
    ).toBe(201);

    await admin.goto(`/admin/dashboard/members/${mentor.id}`);
    const item = admin.getByTestId('admin-review').filter({ hasText: text });
    await item.getByRole('button', { name: `Hide ${mentee.fullName}'s review of ${mentor.fullName}` }).click();
    await item.getByLabel('Why hide it?').fill('Shares personal contact details');
    await item.getByRole('button', { name: 'Hide review' }).click();
    await expect(item.getByText('Hidden: Shares personal contact details')).toBeVisible({ timeout: 20_000 });
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-member-reviews-1280.png`, fullPage: true });

    await mentor.page.goto(`/mentorship/mentor/${mentor.id}`);
    await expect(mentor.page.getByRole('region', { name: 'Reviews' }).getByText('No reviews yet')).toBeVisible({
      timeout: 20_000,
    });
    await mentee.page.goto(`/mentorship/mentor/${mentor.id}`);
    await expect(mentee.page.getByTestId('review-hidden')).toHaveText(
      'Hidden by an admin: Shares personal contact details. Only you can see it.',
      { timeout: 20_000 },
    );
  } finally {
    await mentor.context.close();
    await mentee.context.close();
    await admin.context().close();
  }
});
