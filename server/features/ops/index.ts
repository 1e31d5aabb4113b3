import { defineModule } from '#server/platform/module';
import { routePattern } from './route-pattern';
import { createMetricsServer, type MetricsServer } from './metrics-server';
import { createMetrics, type Metrics } from './metrics';
import { probeRoutes } from './probe.routes';

export interface OpsService {
  /** Present when METRICS_PORT is set: nothing is measured otherwise. */
  metrics?: Metrics;
  metricsServer?: MetricsServer;
}

declare module '../../platform/module' {
  interface ModuleMap {
    ops: { ops: OpsService };
  }
}

export const opsModule = defineModule({
  name: 'ops',
  needs: [],
  about: 'Liveness and readiness for balancers; Prometheus metrics on a port of their own (METRICS_PORT).',
  build: (p) => {
    if (!p.config.metrics) return { ops: {} };
    const metrics = createMetrics(p);
    return { ops: { metrics, metricsServer: createMetricsServer(metrics, p.config.metrics) } };
  },
  http: (app, { ops: { metrics, metricsServer } }) => {
    if (!metrics || !metricsServer) return;
    // Fastify's own clock, which starts as the request arrives, before any hook runs.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, routePattern(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    // With the app (main's listen, the worker's ready), and after it: scrapes go on while it drains.
    app.addHook('onReady', () => metricsServer.start());
    app.addHook('onClose', () => metricsServer.stop());
  },
  routes: (_s, _d, p) => [(app) => probeRoutes(app, { readiness: p.readiness })],
});
