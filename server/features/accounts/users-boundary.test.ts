import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule of decision 013, run on code it must refuse and code it must let through, as
 * `npm run lint` would see it at these paths.
 */
const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const usersImport = "import { users } from '../accounts/accounts.table';\nexport const table = users;\n";
const repoImport = "import { accountsRepo } from '../accounts/accounts.repo';\nexport const repo = accountsRepo;\n";

describe('who may import the users table', () => {
  it('refuses a feature repository that imports the users table or the accounts repository', async () => {
    expect(await restricted('server/features/courses/example.repo.ts', usersImport)).toEqual([
      expect.stringContaining('accounts/person.ts'),
    ]);
    expect(await restricted('server/features/payments/example.service.ts', repoImport)).toHaveLength(1);
    expect(
      await restricted(
        'server/features/notifications/example.repo.ts',
        "import type { UserRow } from '../accounts/accounts.table';\nexport type R = UserRow;\n",
      ),
    ).toHaveLength(1);
  }, 30_000);

  it('lets through accounts itself, auth, table files and the published person module', async () => {
    expect(
      await restricted(
        'server/features/accounts/example.repo.ts',
        "import { users } from './accounts.table';\nexport const t = users;\n",
      ),
    ).toEqual([]);
    expect(await restricted('server/features/auth/example.repo.ts', usersImport)).toEqual([]);
    expect(await restricted('server/features/courses/example.table.ts', usersImport)).toEqual([]);
    expect(
      await restricted(
        'server/features/courses/example.repo.ts',
        "import { people } from '../accounts/people.repo';\nexport const p = people;\n",
      ),
    ).toEqual([]);
  }, 30_000);

  it('keeps whole accounts and suspensions to accounts, auth and admin', async () => {
    const records = "import { accountRecords } from '../accounts';\nexport const a = accountRecords;\n";
    expect(await restricted('server/features/courses/example.repo.ts', records)).toEqual([
      expect.stringContaining('decisions 013, 027'),
    ]);
    expect(
      await restricted(
        'server/features/jobs/example.service.ts',
        "import { suspensionRecords } from '#server/features/accounts';\nexport const s = suspensionRecords;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'server/features/courses/example.repo.ts',
        "import { people } from '../accounts';\nexport const p = people;\n",
      ),
    ).toEqual([]);
    expect(await restricted('server/features/admin/example.repo.ts', records)).toEqual([]);
    expect(await restricted('server/features/auth/example.repo.ts', records)).toEqual([]);
  }, 30_000);
});
