import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * "Only repositories touch the database", as `npm run lint` enforces it: code the rule must
 * refuse and code it must let through, linted as text at these paths (no file is read).
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const drizzleImport = "import { eq } from 'drizzle-orm';\nexport const is = eq;\n";
const pgCoreImport = "import { QueryBuilder } from 'drizzle-orm/pg-core';\nexport const qb = new QueryBuilder();\n";
const tableImport = "import { things } from './x.table';\nexport const table = things;\n";
const rowTypeImport = "import type { ThingRow } from './x.table';\nexport type Row = ThingRow;\n";

describe('only repositories touch the database', () => {
  it('refuses Drizzle and table files in a service, a presenter, a feature helper and server/lib', async () => {
    expect(await restricted('server/features/x/x.service.ts', drizzleImport)).toEqual([
      expect.stringContaining('Only repositories touch the database'),
    ]);
    expect(await restricted('server/features/x/x.service.ts', pgCoreImport)).toHaveLength(1);
    expect(await restricted('server/features/x/x.service.ts', tableImport)).toEqual([
      expect.stringContaining('*.repo.ts'),
    ]);
    expect(await restricted('server/features/x/x.presenter.ts', rowTypeImport)).toHaveLength(1);
    expect(
      await restricted(
        'server/features/x/x-admin-queue.ts',
        "import { other } from '../y/y.table';\nexport const t = other;\n",
      ),
    ).toHaveLength(1);
    expect(await restricted('server/lib/x.ts', drizzleImport)).toHaveLength(1);
  }, 30_000);

  it('lets through repositories, table files, server/db and tests', async () => {
    for (const code of [drizzleImport, pgCoreImport, tableImport, rowTypeImport]) {
      expect(await restricted('server/features/x/x.repo.ts', code)).toEqual([]);
      expect(await restricted('server/features/x/y.table.ts', code)).toEqual([]);
      expect(await restricted('server/db/x.ts', code)).toEqual([]);
      expect(await restricted('server/features/x/x.integration.test.ts', code)).toEqual([]);
      expect(await restricted('server/features/x/testing/x.ts', code)).toEqual([]);
      expect(await restricted('server/test/x.ts', code)).toEqual([]);
    }
  }, 30_000);

  it('keeps the users boundary of decision 013 in force beside it', async () => {
    const usersTable = "import { users } from '../accounts/accounts.table';\nexport const t = users;\n";
    expect(await restricted('server/features/x/x.repo.ts', usersTable)).toEqual([
      expect.stringContaining('decision 013'),
    ]);
    expect(await restricted('server/features/x/x.service.ts', usersTable)).toHaveLength(2);
    expect(await restricted('server/features/admin/x.repo.ts', usersTable)).toEqual([]);
  }, 30_000);
});
