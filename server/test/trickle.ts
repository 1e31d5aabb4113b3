import { connect, type Socket } from 'node:net';
import { APP_URL } from './harness';

/** A request's head as a raw HTTP/1.1 client writes it, for bodies sent by hand. */
export const requestHead = (path: string, type: string, length: number, cookie = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\nContent-Type: ${type}\r\n` +
  `Content-Length: ${length}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`;

/**
 * Sends `head`, then `chunk` every `everyMs` until `total` bytes or the server closes; answers
 * what the server said. Fails when the connection is still open after `giveUpMs`: a slow body
 * held it (slowloris, issue 25).
 */
export function trickle(
  port: number,
  head: string,
  chunk: Buffer,
  everyMs: number,
  total: number,
  giveUpMs = 5_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= total) return;
        sent += chunk.length;
        socket.write(chunk);
      }, everyMs);
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open; the server said: ${answer.slice(0, 200)}`));
    }, giveUpMs).unref();
  });
}
