import { defineConfig, devices } from '@playwright/test';
import { E2E, E2E_BASE_PORT, E2E_PORT_STRIDE } from './e2e/support/ports';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * One worker by default: on a 2-core machine the browser tests keep both cores busy with one
 * (Chromium's renderers, the server), and two took as long (decision 096). With more cores,
 * E2E_WORKERS gives each worker a server and database of its own; a test moves only its own
 * server's clock.
 */
// Set the workers here, not with `--workers`: each needs the server this file starts for it.
const workers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 1);
const built = process.env.E2E_CLIENT_BUILT === '1';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  // Started one after the other: the first builds the client (unless CI has just built it), the
  // others serve that build.
  webServer: Array.from({ length: workers }, (_, i) => {
    const port = E2E_BASE_PORT + E2E_PORT_STRIDE * i;
    return {
      command: `${built || i > 0 ? '' : 'npx vite build --logLevel warn && '}npx tsx e2e/support/serve.ts`,
      env: { E2E_PORT: String(port) },
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
    };
  }),
});
