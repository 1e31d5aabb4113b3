import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * Debian's coturn on loopback for the browser tests' calls forced through TURN: the same
 * use-auth-secret mode as production (README), without TLS. Null when turnserver is not
 * installed (CI installs it); the relay-only test then fails, saying so.
 */
export function startTurnServer(port: number): { urls: string; secret: string; stop(): void } | null {
  if (spawnSync('turnserver', ['--version']).error) return null;
  const secret = randomBytes(16).toString('hex');
  // prettier-ignore
  const child: ChildProcess = spawn('turnserver', [
    '-n', '--listening-ip=127.0.0.1', `--listening-port=${port}`, '--relay-ip=127.0.0.1',
    `--min-port=${port + 10}`, `--max-port=${port + 90}`,
    '--use-auth-secret', `--static-auth-secret=${secret}`, '--realm=e2e',
    '--no-tls', '--no-dtls', '--allow-loopback-peers', '--no-cli', '--no-stdout-log', '--log-file=stdout',
  ], { stdio: 'ignore' });
  return { urls: `turn:127.0.0.1:${port}?transport=udp`, secret, stop: () => void child.kill() };
}
