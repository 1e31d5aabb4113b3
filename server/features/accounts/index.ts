import { defineModule } from '#server/platform/module';
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
  contributes: ({ accounts }) => ({
    privacy: { exporters: { account: (userId, tx) => accounts.exportAccount(userId, tx) } },
  }),
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { areaOpen, assertAreaOpen, isAdmin } from './accounts.policy';
export { accountRecords, suspendedAt, suspensionRecords } from './account-records.repo';
export { activeSuspensionQuery, type SuspensionRow, type UserRow } from './accounts.repo';
export { type AccountsService } from './accounts.service';
export { members } from './members.repo';
export { closedTo, people, personColumns } from './people.repo';
export { FORMER_MEMBER, presentPerson, type PersonRow, type PersonView, type Viewer } from './person';
