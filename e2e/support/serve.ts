/**
 * The browser tests' server: the real app on a fresh embedded database, its mail going to a
 * local SMTP server whose catch is readable over HTTP by the tests (see mail.ts).
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';
import { ensureBootstrapAdmin } from '#server/cli/bootstrap-admin';
import { startSmtpSink } from '#server/test/smtp-sink';
import { E2E } from './ports';
import { startTurnServer } from './turn';
import { registerE2eCallSource } from './call-source';
import { e2eClock, registerE2eMentorship } from './mentorship';
import { registerE2eWallet } from './wallet';
import { registerE2eCredentials } from './credentials';

const smtp = await startSmtpSink();
const mailApi = createServer((req, res) => {
  const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase() ?? '';
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(smtp.mails.filter((m) => !to || m.to.includes(to)).map((m) => m.text)));
});
await new Promise<void>((resolve) => mailApi.listen(E2E.mailApiPort, '127.0.0.1', resolve));

const turn = startTurnServer(E2E.turnPort);
const config = loadConfig({
  ...process.env,
  ...(turn ? { TURN_URLS: turn.urls, TURN_SECRET: turn.secret } : {}),
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  APP_URL: E2E.baseUrl,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-e2e-')),
  SMTP_URL: smtp.url,
  ADMIN_EMAIL: E2E.admin.email,
  ADMIN_PASSWORD: E2E.admin.password,
  LOG_LEVEL: 'warn',
});
// The whole browser suite signs up and in from one address, faster than any class: the limits
// are raised here, as the setting allows for tests; the limits themselves are covered by the
// integration suite (auth-limits.integration.test.ts).
const clock = e2eClock();
const { app, services } = await buildPlatform({ config: { ...config, rateLimitScale: 10 }, now: clock.now });
registerE2eCallSource(services);
registerE2eMentorship(app, services, clock);
registerE2eWallet(app, services, clock);
registerE2eCredentials(app, services);
await ensureBootstrapAdmin(app, services.accounts, config);
await app.listen({ port: config.port, host: config.host });

const stop = async () => {
  await app.close();
  await smtp.close();
  mailApi.close();
  turn?.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
