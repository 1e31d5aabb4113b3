import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { describeModules, MODULES_END, MODULES_START } from './describe';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

it('docs/ARCHITECTURE.md shows the modules as the code composes them (else: npm run docs:modules)', () => {
  const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');
  const table = doc.slice(doc.indexOf(MODULES_START), doc.indexOf(MODULES_END) + MODULES_END.length);
  expect(table).toBe(describeModules(h.composed));
});
