import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

/** The boundary errors `npm run lint` reports for `code` saved at `filePath` (relative to the repository). */
async function boundaryErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/features');
}

describe('feature boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it("refuses an import of another feature's internals, at any depth", async () => {
    const deep = await boundaryErrors(
      "import { x } from '../../payments/api/start-checkout';\nexport { x };\n",
      'client/features/x/components/a.tsx',
    );
    expect(deep).toHaveLength(1);
    expect(deep[0]?.severity).toBe(2);
    expect(deep[0]?.message).toContain("import '../../payments'");
    expect(await boundaryErrors("export { y } from '../courses/format';\n", 'client/features/x/b.ts')).toHaveLength(1);
    expect(
      await boundaryErrors(
        "import type { Z } from '../../features/courses/api/query-keys';\nexport type { Z };\n",
        'client/app/pages/c.tsx',
      ),
    ).toHaveLength(1);
  });

  it("accepts another feature's public entry, and anything inside the feature itself", async () => {
    expect(
      await boundaryErrors(
        "import { x } from '../../payments';\nexport { x };\n",
        'client/features/x/components/a.tsx',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "import { x } from '../../payments/index';\nexport { x };\n",
        'client/features/x/components/a.tsx',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors("import { y } from '../api/y';\nexport { y };\n", 'client/features/x/components/a.tsx'),
    ).toEqual([]);
  });

  it('lets only the app load a screen by dynamic import', async () => {
    const lazyScreen = "export const load = () => import('../features/courses/components/catalogue-page');\n";
    expect(await boundaryErrors(lazyScreen, 'client/app/router.tsx')).toEqual([]);
    expect(
      await boundaryErrors(
        "export const load = () => import('../courses/components/catalogue-page');\n",
        'client/features/x/a.ts',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "export const load = () => import('../features/courses/api/get-course');\n",
        'client/app/router.tsx',
      ),
    ).toHaveLength(1);
  });
});
