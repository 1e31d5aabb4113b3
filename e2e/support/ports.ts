/** Unusual fixed ports (STACK-NOTES: common ones can be taken). */
export const E2E = {
  port: 38100,
  mailApiPort: 38102,
  baseUrl: 'http://localhost:38100',
  admin: { email: 'admin@e2e.test', password: 'Admin-E2E-Pass-2026' },
} as const;
