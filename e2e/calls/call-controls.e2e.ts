import { expect, test, type Page } from '@playwright/test';
import { callStats, CALL_CHROMIUM_ARGS, expectVideoFlowing, joinCall, member } from './support';

// Three fake cameras so that switching has somewhere to go. Chromium's fake_device_1 is a depth
// camera (16-bit grey, Y16), which WebRTC does not encode (the call would go still), so the
// switch is to fake_device_2 (MJPEG, like a USB webcam). The fake microphones are three already.
const ARGS = CALL_CHROMIUM_ARGS.map((a) =>
  a === '--use-fake-device-for-media-stream' ? '--use-fake-device-for-media-stream=device-count=3' : a,
);
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS } });
test.describe.configure({ timeout: 90_000 });

type Member = Awaited<ReturnType<typeof member>>;

/** Two members in a call of the browser tests' own source, video flowing both ways. */
async function inCall(browser: Parameters<typeof member>[0]): Promise<[Member, Member, string]> {
  const a = await member(browser);
  const b = await member(browser);
  const created = await a.context.request.post('/api/calls', {
    data: { source: { kind: 'e2e', id: `${a.id}.${b.id}` } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { room } = (await created.json()) as { room: string };
  await joinCall(a.page, room);
  await joinCall(b.page, room);
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  for (const m of [a, b]) await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');
  return [a, b, room];
}

/** The live connection's video direction as negotiated, audio received, and what each sender sends. */
function media(page: Page) {
  return page.evaluate(async () => {
    const pc = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs
      .filter((p) => p.connectionState !== 'closed')
      .at(-1)!;
    let audioBytes = 0;
    (await pc.getStats()).forEach((s: Record<string, unknown>) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') audioBytes += Number(s.bytesReceived ?? 0);
    });
    // A transceiver replaced by the one an offer made (call-connection's adoptOwnTracks) is stopped.
    const live = pc.getTransceivers().filter((t) => t.direction !== 'stopped');
    const video = live.find((t) => t.receiver.track.kind === 'video');
    const audio = live.find((t) => t.receiver.track.kind === 'audio');
    return {
      videoDirection: video?.currentDirection ?? null,
      audioBytes,
      audioTrack: audio?.sender.track?.label ?? null,
      connections: (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length,
      ufrag: /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1] ?? null,
      state: pc.connectionState,
    };
  });
}

async function expectAudioFlowing(page: Page) {
  const first = (await media(page)).audioBytes;
  await expect.poll(async () => (await media(page)).audioBytes, { timeout: 10_000 }).toBeGreaterThan(first);
}

async function hangUp(a: Member, b: Member) {
  await a.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(b.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await a.context.close();
  await b.context.close();
}

test('"Video call" in a chat thread puts both members in one call that connects, and its end leaves a line', async ({
  browser,
}) => {
  const a = await member(browser);
  const b = await member(browser);
  const started = await a.context.request.post('/api/chat/conversations', { data: { userId: b.id } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };

  await a.page.goto(`/chat/${id}`);
  await a.page.getByRole('button', { name: 'Video call' }).click();
  await expect(a.page).toHaveURL(/\/video-call\?room=/);
  const room = new URL(a.page.url()).searchParams.get('room')!;
  // The other member pressing "Video call" in the same conversation lands in the same room.
  await b.page.goto(`/chat/${id}`);
  await b.page.getByRole('button', { name: 'Video call' }).click();
  await expect(b.page).toHaveURL(new RegExp(`/video-call\\?room=${room}$`));

  for (const m of [a, b]) {
    await expect(m.page.getByTestId('local-video')).toBeVisible({ timeout: 15_000 });
    await m.page.getByRole('button', { name: 'Join call' }).click();
  }
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  for (const m of [a, b]) await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');

  await a.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(a.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await expect(b.page.getByRole('heading', { name: 'Call ended' })).toBeVisible();
  await b.page.goto(`/chat/${id}`);
  await expect(b.page.getByText(/^Video call, (under 1 min|\d+ min)$/)).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('audio only stops video both ways while the voice goes on, and video comes back', async ({ browser }) => {
  const [a, b] = await inCall(browser);
  await a.page.getByRole('button', { name: 'Audio only' }).click();
  await expect(a.page.getByRole('button', { name: 'Turn video back on' })).toHaveAttribute('aria-pressed', 'true');
  // Renegotiated as inactive: neither side sends or receives video, and the other side says so.
  for (const m of [a, b]) await expect.poll(async () => (await media(m.page)).videoDirection).toBe('inactive');
  await expect(b.page.getByTestId('remote-video')).toHaveAttribute('data-video', 'off');
  await expect(b.page.getByText(`Audio only with ${a.fullName}`)).toBeVisible();
  await expectAudioFlowing(b.page);
  await expectAudioFlowing(a.page);
  await expect(b.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');

  await a.page.getByRole('button', { name: 'Turn video back on' }).click();
  for (const m of [a, b]) await expect.poll(async () => (await media(m.page)).videoDirection).toBe('sendrecv');
  await expect(b.page.getByTestId('remote-video')).toHaveAttribute('data-video', 'on');
  await expectVideoFlowing(b.page);
  await expectVideoFlowing(a.page);
  await hangUp(a, b);
});

test('with data saver on, a call starts audio only and video comes on at a press', async ({ browser }) => {
  const a = await member(browser);
  const b = await member(browser);
  await a.context.addInitScript(() => localStorage.setItem('blet:data-saver', 'on'));
  const created = await a.context.request.post('/api/calls', {
    data: { source: { kind: 'e2e', id: `${a.id}.${b.id}` } },
  });
  const { room } = (await created.json()) as { room: string };
  // The audio-only member's view of the other's video is hidden: joined when the call shows.
  await a.page.goto(`/video-call?room=${room}`);
  await a.page.getByRole('button', { name: 'Join call' }).click();
  await expect(a.page.getByTestId('call')).toBeVisible();
  await joinCall(b.page, room);
  for (const m of [a, b]) await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');
  // Negotiated without video from the first offer: no video bytes either way, the voice goes on.
  await expect(a.page.getByRole('button', { name: 'Turn video back on' })).toHaveAttribute('aria-pressed', 'true');
  for (const m of [a, b]) expect((await media(m.page)).videoDirection).toBe('inactive');
  await expect(b.page.getByText(`Audio only with ${a.fullName}`)).toBeVisible();
  await expectAudioFlowing(b.page);

  await a.page.getByRole('button', { name: 'Turn video back on' }).click();
  for (const m of [a, b]) await expect.poll(async () => (await media(m.page)).videoDirection).toBe('sendrecv');
  await expectVideoFlowing(b.page);
  await expectVideoFlowing(a.page);
  await hangUp(a, b);
});

test('the device picker lists the cameras and microphones, and switching keeps the call up', async ({ browser }) => {
  const [a, b] = await inCall(browser);
  await a.page.getByRole('button', { name: 'Camera and microphone' }).click();
  const camera = a.page.getByLabel('Camera', { exact: true });
  await expect(camera.locator('option')).toHaveText(['fake_device_0', 'fake_device_1', 'fake_device_2']);
  expect((await callStats(a.page))!.videoTrack).toBe('fake_device_0');
  const { connections } = await media(a.page);

  await camera.selectOption({ label: 'fake_device_2' });
  await expect.poll(async () => (await callStats(a.page))!.videoTrack).toBe('fake_device_2');
  await expect(camera).toHaveValue(
    (await camera.locator('option', { hasText: 'fake_device_2' }).getAttribute('value')) ?? '',
  );
  await expectVideoFlowing(b.page);

  const microphone = a.page.getByLabel('Microphone', { exact: true });
  await expect(microphone.locator('option', { hasText: 'Fake Audio Input 1' })).toHaveCount(1);
  await microphone.selectOption({ label: 'Fake Audio Input 1' });
  await expect.poll(async () => (await media(a.page)).audioTrack).toBe('Fake Audio Input 1');
  await expectAudioFlowing(b.page);
  for (const m of [a, b]) await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected');
  // The same connection all along: a switch replaces the track, it does not start a new one.
  expect((await media(a.page)).connections).toBe(connections);
  await hangUp(a, b);
});

test('a member whose network drops and comes back reconnects without reloading', async ({ browser }) => {
  const [a, b] = await inCall(browser);
  await a.page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  const before = await media(a.page);

  await a.context.setOffline(true);
  await expect(a.page.getByTestId('call')).toHaveAttribute('data-phase', 'reconnecting');
  await expect(a.page.getByText('Reconnecting…')).toBeVisible();

  await a.context.setOffline(false);
  // A fresh socket rejoins the call's room and restarts ICE over it: new credentials negotiated
  // with the other side prove the signalling path is back, on the same connection and page.
  await expect.poll(async () => (await media(a.page)).ufrag, { timeout: 20_000 }).not.toBe(before.ufrag);
  for (const m of [a, b])
    await expect(m.page.getByTestId('call')).toHaveAttribute('data-phase', 'connected', { timeout: 20_000 });
  await expectVideoFlowing(a.page);
  await expectVideoFlowing(b.page);
  expect(await a.page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect((await media(a.page)).connections).toBe(before.connections);
  await hangUp(a, b);
});
