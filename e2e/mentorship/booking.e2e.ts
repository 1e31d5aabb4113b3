import { expect, test } from '@playwright/test';
import { CALL_CHROMIUM_ARGS, member } from '../calls/support';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CALL_CHROMIUM_ARGS },
});
test.describe.configure({ timeout: 90_000 });

/**
 * Decision 032 in the browser: a mentee books the mentor's free hour, both dashboards show it
 * live, the 15-minute reminder reaches both on the moved server clock, and Join opens the call.
 * The subscription comes from the e2e server's fixture route (decision 031's subscribe flow
 * is another branch's).
 */
test('a mentee books a slot, both see it live, both get the reminder, Join opens the call', async ({ browser }) => {
  const mentor = await member(browser);
  const mentee = await member(browser);
  const api = mentor.context.request;
  try {
    const setup = await api.post('/e2e/mentorship/setup', { data: { mentorId: mentor.id, menteeId: mentee.id } });
    expect(setup.status(), await setup.text()).toBe(200);
    const { start } = (await setup.json()) as { start: string };

    await mentor.page.goto('/mentor/dashboard');
    // First visits fetch the lazy screens: generous under a loaded machine.
    await expect(mentor.page.getByRole('heading', { name: 'Availability' })).toBeVisible({ timeout: 20_000 });
    await expect(mentor.page.getByText('No upcoming sessions.')).toBeVisible();

    await mentee.page.goto('/mentorship/mentee');
    const booking = mentee.page.getByRole('region', { name: 'Book a session' });
    await expect(mentee.page.getByText('4 of 4 sessions left', { exact: false })).toBeVisible({ timeout: 20_000 });
    const slots = booking.getByRole('button', { pressed: false }).filter({ hasText: /^\d\d:\d\d$/ });
    await expect(slots).toHaveCount(1);
    await slots.first().click();
    await booking.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(mentee.page.getByText('3 of 4 sessions left', { exact: false })).toBeVisible();

    // Live on both sides, the mentor's without a reload.
    const menteeRow = mentee.page.getByRole('listitem', { name: /^Session with / });
    const mentorRow = mentor.page.getByRole('listitem', { name: /^Session with / });
    await expect(menteeRow).toHaveCount(1);
    await expect(mentorRow).toHaveCount(1);
    await expect(menteeRow.getByRole('button', { name: 'Join' })).toBeDisabled();

    // The server clock moves to 14 minutes before the start: the 15-minute reminder is due.
    const sessions = (await (await mentee.context.request.get('/api/mentorship/sessions?role=mentee')).json()) as {
      sessions: Array<{ id: string; start: string }>;
    };
    expect(sessions.sessions[0]!.start).toBe(start);
    await api.post('/e2e/clock', { data: { offsetMs: Date.parse(start) - 14 * 60_000 - Date.now() } });
    const fired = await api.post('/e2e/mentorship/fire-reminder', {
      data: { sessionId: sessions.sessions[0]!.id, kind: '15m' },
    });
    expect(fired.status(), await fired.text()).toBe(200);
    for (const page of [mentor.page, mentee.page]) {
      await expect(page.getByTestId('notification-badge')).toHaveText('2');
      await page.getByTestId('notification-bell').click();
      await expect(
        page.getByRole('menu', { name: 'Notifications' }).getByTestId('notification-item').first(),
      ).toContainText('Session in 15 minutes');
      await page.keyboard.press('Escape');
    }

    // Nine minutes before: the call is open by the server's clock, which Join follows.
    await api.post('/e2e/clock', { data: { offsetMs: Date.parse(start) - 9 * 60_000 - Date.now() } });
    await mentee.page.reload();
    await expect(menteeRow.getByRole('button', { name: 'Join' })).toBeEnabled();
    await menteeRow.getByRole('button', { name: 'Join' }).click();
    await expect(mentee.page).toHaveURL(/\/video-call\?room=/);
    await expect(mentee.page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await api.post('/e2e/clock', { data: { offsetMs: 0 } });
    await mentor.context.close();
    await mentee.context.close();
  }
});
