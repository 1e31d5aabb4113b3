/**
 * Unusual fixed ports (STACK-NOTES: common ones can be taken). E2E_PORT moves both, so two
 * browser runs on one machine (two work trees) do not meet.
 */
const port = Number(process.env.E2E_PORT ?? 38100);

export const E2E = {
  port,
  mailApiPort: port + 2,
  /** coturn for calls forced through TURN (support/turn.ts). */
  turnPort: port + 4,
  baseUrl: `http://localhost:${port}`,
  admin: { email: 'admin@e2e.test', password: 'Admin-E2E-Pass-2026' },
} as const;
