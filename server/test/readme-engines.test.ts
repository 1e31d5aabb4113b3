import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns (EBADENGINE) for every installed package whose `engines.node` refuses the running
 * Node; the README names them so that a newcomer knows the warnings are expected. This keeps that
 * list true as dependencies move: it is worked out from the lockfile for the lowest Node the
 * project supports.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

type Version = [number, number, number];
const parse = (v: string): Array<number | null> =>
  v.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : null));
const compare = (a: Version, b: Array<number | null>) => {
  for (let i = 0; i < 3; i++) {
    const diff = a[i]! - (b[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
};

/** Whether a version satisfies an npm range of the forms the lockfile holds (>=, >, <=, <, ^, x-ranges, ||). */
function accepts(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const [, op = '', v = ''] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator)!;
        if (v === '' || v === '*' || v === 'x') return true;
        const want = parse(v);
        const c = compare(version, want);
        if (op === '>=') return c >= 0;
        if (op === '>') return c > 0;
        if (op === '<=') return c <= 0;
        if (op === '<') return c < 0;
        if (op === '^') return version[0] === want[0] && c >= 0;
        if (op === '~') return version[0] === want[0] && version[1] === (want[1] ?? version[1]) && c >= 0;
        return want.every((part, i) => part === null || part === version[i]);
      }),
  );
}

describe('the README on npm ci', () => {
  it('reads npm ranges as npm does', () => {
    expect(accepts([20, 19, 0], '>=22')).toBe(false);
    expect(accepts([20, 19, 0], '>= 20.19.0')).toBe(true);
    expect(accepts([20, 19, 0], '^20.19.0 || >=22.12.0')).toBe(true);
    expect(accepts([20, 19, 0], '^18.0.0 || >=22')).toBe(false);
    expect(accepts([20, 19, 0], '10.* || >= 12.*')).toBe(true);
    expect(accepts([20, 19, 0], '>=6 <7 || >=8')).toBe(true);
    expect(accepts([20, 19, 0], '18 || 20 || >=22')).toBe(true);
  });

  it('names every package whose engines refuse the lowest supported Node', () => {
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    // The range's first bound (">=20.19.0 <21 || >=24": 20.19.0).
    const lowest = parse(/^>=\s*([\d.]+)/.exec(pkg.engines.node)![1]!) as Version;
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: unknown }; os?: unknown; cpu?: unknown }>;
    };
    const refusing = Object.entries(lock.packages)
      // Packages for another OS or CPU are never installed here, so never checked.
      .filter(([path, p]) => path && !p.os && !p.cpu && typeof p.engines?.node === 'string')
      .filter(([, p]) => !accepts(lowest, p.engines!.node as string))
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .sort();

    const paragraph = read('README.md')
      .split(/\n\n/)
      .find((p) => p.includes('EBADENGINE'));
    expect(paragraph, 'the README says what npm ci warns about').toBeDefined();
    const named = [...new Set([...paragraph!.matchAll(/`([@a-z0-9./-]+)`/g)].map((m) => m[1]!))]
      .filter((name) => name in lock.packages || `node_modules/${name}` in lock.packages)
      .sort();
    expect(named).toEqual(refusing);
  });
});
