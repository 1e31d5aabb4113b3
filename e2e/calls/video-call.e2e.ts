import { expect, test } from '@playwright/test';
import { callStats, CALL_CHROMIUM_ARGS, expectVideoFlowing, joinCall, member } from './support';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CALL_CHROMIUM_ARGS },
});
test.describe.configure({ timeout: 90_000 });

test('two members call: video both ways, screen share swaps the track, hang up ends both sides', async ({
  browser,
}) => {
  const a = await member(browser);
  const b = await member(browser);
  const created = await a.context.request.post('/api/calls', {
    data: { source: { kind: 'e2e', id: `${a.id}.${b.id}` } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { room } = (await created.json()) as { room: string };

  await joinCall(a.page, room);
  await expect(a.page.getByText(`Waiting for ${b.fullName} to join…`)).toBeVisible();
  await joinCall(b.page, room);
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  await expect(a.page.getByLabel('Call length')).toBeVisible();

  const camera = (await callStats(a.page))!.videoTrack;
  await a.page.getByRole('button', { name: 'Share your screen' }).click();
  await expect.poll(async () => (await callStats(a.page))!.videoTrack).not.toBe(camera);
  await expect(a.page.getByRole('button', { name: 'Stop sharing your screen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectVideoFlowing(b.page);
  await a.page.getByRole('button', { name: 'Stop sharing your screen' }).click();
  await expect.poll(async () => (await callStats(a.page))!.videoTrack).toBe(camera);

  await a.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(a.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await expect(b.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await expect(b.page.getByText(`${a.fullName} ended the call.`)).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('a call forced through TURN connects over a relay pair', async ({ browser }) => {
  const a = await member(browser);
  const b = await member(browser);
  const created = await a.context.request.post('/api/calls', {
    data: { source: { kind: 'e2e', id: `${a.id}.${b.id}` } },
  });
  const { room } = (await created.json()) as { room: string };
  const call = (await (await a.context.request.get(`/api/calls/${room}`)).json()) as {
    iceServers: Array<{ urls: string[] }>;
  };
  expect(
    call.iceServers.some((s) => s.urls.some((u) => u.startsWith('turn:'))),
    'turnserver must be installed (see .ci/run)',
  ).toBe(true);

  await joinCall(a.page, room, '&relay=1');
  await joinCall(b.page, room, '&relay=1');
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  for (const page of [a.page, b.page]) {
    const stats = (await callStats(page))!;
    expect(stats.policy).toBe('relay');
    expect(stats.candidateType).toBe('relay');
  }
  await b.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(a.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await a.context.close();
  await b.context.close();
});
