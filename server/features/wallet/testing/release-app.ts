import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { modules } from '#server/modules';
import type { ModuleMap } from '#server/platform/module';
import { talentModule } from '#server/features/talent';
import { walletModule } from '../index';
import { runChildApp } from './child-app';

/**
 * The app as a process of its own, for the kill -9 test of escrow releases
 * (releases-kill.integration.test.ts): `tsx release-app.ts <postgres url> <ahead ms> <slow ms>`.
 * Its clock starts `ahead ms` in the future (past the deliveries' 14 days), so its worker takes
 * the gigs' auto-release jobs at once. With `slow ms` each release is slow in two places, by a
 * random part of it: inside the transaction, after the milestone's posting and before the commit
 * (a kill there must roll both back), and after the commit, before the job is marked done (a kill
 * there leaves a job whose retry must find nothing to do). Prints `ready` once it takes jobs.
 */
const [url, ahead, slow] = process.argv.slice(2) as [string, string, string];
const pause = () => Math.round(Math.random() * Number(slow));

const wallet: typeof walletModule = {
  ...walletModule,
  async build(p, deps) {
    const built = (await walletModule.build(p, deps)) as ModuleMap['wallet'];
    const { escrow } = built.wallet;
    return {
      ...built,
      wallet: {
        ...built.wallet,
        escrow: {
          ...escrow,
          async release(tx, r) {
            const posted = await escrow.release(tx, r);
            await tx.execute(sql`select pg_sleep(${pause() / 1000})`);
            return posted;
          },
        },
      },
    };
  },
};

const talent: typeof talentModule = {
  ...talentModule,
  queue(jobs, services, deps) {
    const { gigs } = services as ModuleMap['talent'];
    const slowGigs = {
      ...gigs,
      async autoComplete(gigId: string) {
        await gigs.autoComplete(gigId);
        await sleep(pause());
      },
    };
    talentModule.queue!(jobs, { ...services, gigs: slowGigs }, deps);
  },
};

await runChildApp({
  url,
  aheadMs: Number(ahead),
  modules: modules.map((m) => (m === walletModule ? wallet : m === talentModule ? talent : m)),
});
