/**
 * Unusual fixed ports (STACK-NOTES: common ones can be taken). E2E_PORT moves them all, so two
 * browser runs on one machine (two work trees) do not meet.
 *
 * Each Playwright worker has a server of its own (playwright.config.ts), 100 ports above the
 * previous worker's: its app, its mail catcher and its coturn with coturn's relay range
 * (turn.ts, +10 to +90) all fit. A worker reads its place from TEST_PARALLEL_INDEX, which
 * Playwright sets before the worker loads this file; a server is started with its own E2E_PORT.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 38100);
export const E2E_PORT_STRIDE = 100;

const port = E2E_BASE_PORT + E2E_PORT_STRIDE * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E = {
  port,
  mailApiPort: port + 2,
  /** coturn for calls forced through TURN (support/turn.ts). */
  turnPort: port + 4,
  baseUrl: `http://localhost:${port}`,
  admin: { email: 'admin@e2e.test', password: 'Admin-E2E-Pass-2026' },
} as const;
