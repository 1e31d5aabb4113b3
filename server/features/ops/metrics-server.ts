import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsConfig } from '#server/env';
import type { Metrics } from './metrics';

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), never
 * the public port: the figures tell how the platform runs and what it earns. Plain node:http,
 * since it serves one path to one scraper.
 */
export function createMetricsServer(metrics: Metrics, settings: MetricsConfig) {
  let server: Server | undefined;
  return {
    async start(): Promise<void> {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
          return;
        }
        metrics.registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          () =>
            res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read\n'),
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        const refused = (err: Error) =>
          reject(new Error(`METRICS_HOST:METRICS_PORT ${settings.host}:${settings.port}: ${err.message}`));
        listening.once('error', refused);
        listening.listen(settings.port, settings.host, () => {
          listening.off('error', refused);
          resolve();
        });
      });
    },
    /** Where it listens: METRICS_PORT, or the port chosen for 0. */
    address(): AddressInfo | undefined {
      return (server?.address() as AddressInfo | null) ?? undefined;
    },
    async stop(): Promise<void> {
      if (!server?.listening) return;
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    },
  };
}

export type MetricsServer = ReturnType<typeof createMetricsServer>;
