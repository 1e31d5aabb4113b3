import { defineModule } from '#server/platform/module';
import { registerCallsJobs } from './calls.queue';
import { registerCallsRealtime } from './calls.realtime';
import { callsRoutes } from './calls.routes';
import { createCallsService, type CallsService } from './calls.service';

declare module '../../platform/module' {
  interface ModuleMap {
    calls: { calls: CallsService };
  }
}

export const callsModule = defineModule({
  name: 'calls',
  needs: ['accounts', 'notifications'],
  about:
    'Video calls: rooms, signalling over the socket, ICE/TURN servers; sources (a conversation, a session) say who joins.',
  build: (p, { accounts, notifications }) => ({
    calls: createCallsService({
      db: p.db,
      realtime: p.realtime,
      jobs: p.queue,
      notifications,
      accounts,
      ice: p.config.ice,
      now: p.now,
      log: p.log,
    }),
  }),
  plug: ({ calls }, _deps, p) => registerCallsRealtime(p.realtime, calls, p.log),
  queue: (jobs, { calls }) => registerCallsJobs(jobs, calls),
  routes: ({ calls }) => [(app) => callsRoutes(app, { calls })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type CallsService } from './calls.service';
export { type IceConfig } from './ice-servers';
