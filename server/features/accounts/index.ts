import { defineModule } from '../../platform/module';
import { createAccountsService, type AccountsService } from './accounts.service';

declare module '../../platform/module' {
  interface ModuleMap {
    accounts: { accounts: AccountsService };
  }
}

export const accountsModule = defineModule({
  name: 'accounts',
  needs: [],
  about: 'Members: the users table, people as others see them, last seen.',
  build: (p) => ({ accounts: createAccountsService(p.db, p.now) }),
  plug: ({ accounts }, _deps, p) => {
    p.realtimeHooks.lastSeen = accounts;
  },
  contributes: ({ accounts }) => ({ privacy: { exporters: { account: (userId, tx) => accounts.exportAccount(userId, tx) } } }),
});
