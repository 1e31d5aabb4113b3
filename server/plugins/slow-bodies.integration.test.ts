import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createHarness, login, type Harness } from '../test/harness';
import { requestHead, trickle as sendSlowly } from '../test/trickle';
import { BODY_MIN_BYTES } from './slow-bodies';

/**
 * Over a real socket: a body that trickles is cut with a 408 (issue 25: one byte every half
 * second held the connection open). The window is 0.2 s here instead of 10 s.
 */
describe('a request body that trickles in', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await createHarness({ env: { SLOW_BODY_SECONDS: '0.2' } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  const trickle = (head: string, chunk: Buffer, everyMs: number, total: number) =>
    sendSlowly(port, head, chunk, everyMs, total);
  const head = requestHead;

  it('cuts a JSON body sent a byte at a time with a 408 and a sentence', async () => {
    const answer = await trickle(head('/api/login', 'application/json', 200), Buffer.from('{'), 50, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The request arrived too slowly and was stopped. Check the connection and try again.',
      code: 'REQUEST_TIMEOUT',
    });
  });

  it('cuts a trickling upload too, which is read by the multipart parser itself', async () => {
    const boundary = 'slowloris';
    const cookie = await login(h, (await buildUser(h)).username);
    const answer = await trickle(
      head('/api/uploads?kind=image', `multipart/form-data; boundary=${boundary}`, 1_000_000, cookie),
      Buffer.from('x'),
      50,
      1_000_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('lets a body through that keeps coming at more than the least rate, however long it takes', async () => {
    const total = BODY_MIN_BYTES * 4;
    const body = JSON.stringify({ login: 'nobody', password: 'p'.repeat(total) });
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let said = '';
      socket.on('data', (d) => {
        said += d.toString();
        if (said.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve(said));
      socket.on('connect', () => {
        socket.write(head('/api/login', 'application/json', Buffer.byteLength(body)));
        let at = 0;
        // Half the least amount every tenth of a window: about five times the least rate.
        const step = BODY_MIN_BYTES / 2;
        const timer = setInterval(() => {
          socket.write(body.slice(at, at + step));
          at += step;
          if (at >= body.length) clearInterval(timer);
        }, 20);
      });
    });
    expect(answer).not.toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401|413)/);
  });
});
