import { defineModule } from '#server/platform/module';
import { credentialsRoutes } from './credentials.routes';
import { createCredentialsService, type CredentialsService } from './credentials.service';

declare module '../../platform/module' {
  interface ModuleMap {
    credentials: { credentials: CredentialsService };
  }
}

export const credentialsModule = defineModule({
  name: 'credentials',
  needs: ['accounts'],
  about: 'Open Badges 3.0 credentials: issued, signed with the platform key (VC-JWT), revoked through a status list.',
  build: (p, { accounts }) => ({
    credentials: createCredentialsService({
      db: p.db,
      appUrl: p.config.appUrl,
      signingKey: p.config.credentialSigningKey,
      accounts,
      audit: p.audit,
      now: p.now,
    }),
  }),
  contributes: ({ credentials }) => ({
    privacy: {
      exporters: { credentials: (userId, tx) => credentials.export(userId, tx) },
      erasers: { credentials: (userId, tx) => credentials.erase(userId, tx) },
    },
  }),
  routes: ({ credentials }) => [(app) => credentialsRoutes(app, { credentials })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type CredentialSubject, type CredentialsService, type IssueSkillInput } from './credentials.service';
