import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mailedLink } from '../support/mail';
import { newPerson } from '../support/users';

/** Chromium for calls: fake camera, microphone and screen, and permission prompts answered yes. */
export const CALL_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-gl=swiftshader',
  '--disable-background-networking',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Every RTCPeerConnection the page makes, kept so the test can read its getStats(), and a log of
 * what each did (descriptions set, states), printed when a call does not connect.
 */
function recordPeerConnections() {
  const Original = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  const log: string[] = [];
  const started = Date.now();
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
  (window as unknown as { __pclog: string[] }).__pclog = log;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      const n = made.push(this);
      const note = (what: string) => log.push(`${Date.now() - started}ms pc${n} ${what}`);
      note('created');
      this.addEventListener('connectionstatechange', () => note(`connection ${this.connectionState}`));
      this.addEventListener('signalingstatechange', () => note(`signaling ${this.signalingState}`));
      this.addEventListener('iceconnectionstatechange', () => note(`ice ${this.iceConnectionState}`));
      this.addEventListener('icegatheringstatechange', () => note(`gathering ${this.iceGatheringState}`));
      this.addEventListener('icecandidate', (e) => note(`local candidate ${e.candidate?.candidate ?? 'end'}`));
      const addCandidate = this.addIceCandidate.bind(this);
      this.addIceCandidate = ((c: RTCIceCandidateInit) =>
        (note(`addIceCandidate ${c.candidate ?? ''}`), addCandidate(c)).catch((err: unknown) => {
          note(`addIceCandidate failed: ${String(err)} ${c.candidate ?? ''}`);
          throw err;
        })) as typeof this.addIceCandidate;
      const setRemote = this.setRemoteDescription.bind(this);
      this.setRemoteDescription = ((d: RTCSessionDescriptionInit) => {
        note(`setRemote ${d.type}`);
        return setRemote(d).catch((err: unknown) => {
          note(`setRemote ${d.type} failed: ${String(err)}`);
          throw err;
        });
      }) as typeof this.setRemoteDescription;
    }
  } as typeof RTCPeerConnection;
}

/** What the page's peer connections did, for a failure's output. */
export const peerLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pclog: string[] }).__pclog.join('\n'));

/** A signed-up, verified, signed-in member in a context of their own. */
export async function member(
  browser: Browser,
  fullName?: string,
): Promise<{ context: BrowserContext; page: Page; id: string; fullName: string }> {
  const context = await browser.newContext();
  await context.addInitScript(recordPeerConnections);
  const person = { ...newPerson(), ...(fullName ? { fullName } : {}) };
  const api = context.request;
  expect((await api.post('/api/register', { data: { ...person, agreeToTerms: true } })).status()).toBe(201);
  expect((await api.get(await mailedLink(person.email, '/api/verify-email/direct?token='))).ok()).toBe(true);
  const login = await api.post('/api/login', { data: { username: person.username, password: person.password } });
  expect(login.status()).toBe(200);
  const user = (await login.json()) as { id: string };
  return { context, page: await context.newPage(), id: user.id, fullName: person.fullName };
}

/** Inbound video of the page's live peer connection, its selected pair's type, its video sender's track. */
export function callStats(page: Page) {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (p) => p.connectionState !== 'closed',
    );
    const pc = pcs.at(-1);
    if (!pc) return null;
    const report = await pc.getStats();
    let bytes = 0;
    let frames = 0;
    let pairId = '';
    const all = new Map<string, Record<string, unknown>>();
    report.forEach((s: Record<string, unknown>) => {
      all.set(String(s.id), s);
      if (s.type === 'inbound-rtp' && s.kind === 'video') {
        bytes += Number(s.bytesReceived ?? 0);
        frames += Number(s.framesDecoded ?? 0);
      }
      if (s.type === 'transport' && s.selectedCandidatePairId) pairId = String(s.selectedCandidatePairId);
    });
    const pair = all.get(pairId);
    const local = pair ? all.get(String(pair.localCandidateId)) : undefined;
    const sender = pc.getSenders().find((s) => s.track?.kind === 'video' || (!s.track && s.dtmf === null));
    return {
      bytes,
      frames,
      candidateType: (local?.candidateType as string | undefined) ?? null,
      policy: pc.getConfiguration().iceTransportPolicy,
      videoTrack: sender?.track?.label ?? null,
    };
  });
}

/** Inbound video bytes and decoded frames both grow between two readings. */
export async function expectVideoFlowing(page: Page) {
  await expect
    .poll(async () => (await callStats(page))?.frames ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0)
    .catch(async (err: unknown) => {
      for (const p of page
        .context()
        .browser()
        ?.contexts()
        .flatMap((c) => c.pages()) ?? [])
        console.log(`--- ${p === page ? 'this page' : 'other page'}\n${await peerLog(p).catch(() => '')}`);
      throw err;
    });
  const first = (await callStats(page))!;
  await expect
    .poll(
      async () => {
        const now = (await callStats(page))!;
        return now.frames > first.frames && now.bytes > first.bytes;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

export async function joinCall(page: Page, room: string, query = '') {
  await page.goto(`/video-call?room=${room}${query}`);
  await expect(page.getByTestId('local-video')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Join call' }).click();
  await expect(page.getByTestId('remote-video')).toBeVisible();
}
