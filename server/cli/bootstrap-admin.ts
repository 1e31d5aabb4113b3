import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';
import type { AccountsService } from '../features/accounts';

/** ADMIN_EMAIL + ADMIN_PASSWORD: create the admin, or bring its role and password up to date. */
export async function ensureBootstrapAdmin(app: FastifyInstance, accounts: AccountsService, config: Config) {
  if (!config.admin) return;
  const admin = await accounts.upsertAdmin(config.admin.email, config.admin.password);
  app.log.info(`bootstrap admin ready: ${admin.email}`);
}
