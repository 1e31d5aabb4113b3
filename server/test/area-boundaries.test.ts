import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, on a text as if it were the named file (decisions 012 and 045). */
const eslint = new ESLint({ cwd: process.cwd() });
const rulesHit = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((m) => m.ruleId === 'boundaries/features')
    .map((m) => m.message);

describe('an area reaches another only through its index.ts', () => {
  it("refuses another area's internals from a service, relative or through #server", async () => {
    expect(
      await rulesHit(
        'server/features/courses/x.service.ts',
        "import { presentPerson } from '../accounts/person';\nexport const p = presentPerson;\n",
      ),
    ).toEqual([
      "'../accounts/person' reaches into the accounts feature: import '../accounts' (its public entry) instead.",
    ]);
    expect(
      await rulesHit(
        'server/features/courses/x.service.ts',
        "import { presentPerson } from '#server/features/accounts/person';\nexport const p = presentPerson;\n",
      ),
    ).toEqual([
      "'#server/features/accounts/person' reaches into the accounts feature: import '#server/features/accounts' (its public entry) instead.",
    ]);
  });

  it("takes another area's index, and anything of its own area", async () => {
    expect(
      await rulesHit(
        'server/features/courses/x.service.ts',
        "import { presentPerson } from '#server/features/accounts';\nimport { y } from './y';\nexport const p = [presentPerson, y];\n",
      ),
    ).toEqual([]);
  });

  it("refuses another area's table in a repository: it joins what that area's index exports", async () => {
    const join = "import { users } from '../accounts/accounts.table';\nexport const t = users;\n";
    expect(await rulesHit('server/features/courses/x.repo.ts', join)).toEqual([
      "'../accounts/accounts.table' reaches into the accounts feature: import '../accounts' (its public entry) instead.",
    ]);
    expect(
      await rulesHit(
        'server/features/jobs/x.repo.ts',
        "import { courses } from '#server/features/courses/catalogue/courses.table';\nexport const t = courses;\n",
      ),
    ).toHaveLength(1);
    expect(await rulesHit('server/features/courses/x.presenter.ts', join)).toHaveLength(1);
  });

  it("lets a table file import another area's table for its foreign keys", async () => {
    const foreignKey = "import { users } from '../accounts/accounts.table';\nexport const t = users;\n";
    expect(await rulesHit('server/features/courses/x.table.ts', foreignKey)).toEqual([]);
    expect(
      await rulesHit(
        'server/features/courses/x.table.ts',
        "import { people } from '../accounts/people.repo';\nexport const p = people;\n",
      ),
    ).toHaveLength(1);
  });

  it('holds on the client too', async () => {
    expect(
      await rulesHit(
        'client/features/jobs/components/x.tsx',
        "import { Thing } from '#client/features/courses/components/thing';\nexport const t = Thing;\n",
      ),
    ).toHaveLength(1);
  });
});
