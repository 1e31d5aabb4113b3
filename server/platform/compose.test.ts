import { describe, expect, it } from 'vitest';
import { modules } from '../modules';
import { orderModules } from './compose';
import type { AnyModule } from './module';

/** A module of the composer's tests: only its name and needs matter here. */
const m = (name: string, needs: string[] = []) =>
  ({ name, needs, about: name, build: () => ({}) }) as unknown as AnyModule;
const names = (list: AnyModule[]) => list.map((x) => x.name);

describe('orderModules', () => {
  it('puts each module after what it needs and otherwise keeps the list order', () => {
    expect(
      names(orderModules([m('chat', ['calls', 'accounts']), m('accounts'), m('calls', ['accounts']), m('skills')])),
    ).toEqual(['accounts', 'calls', 'chat', 'skills']);
  });

  it('refuses a cycle, naming each module in it and what it waits for', () => {
    expect(() => orderModules([m('a', ['b']), m('b', ['c']), m('c', ['a']), m('d')])).toThrow(
      "The modules' needs form a cycle: a needs b; b needs c; c needs a",
    );
  });

  it('refuses a need that no module provides, and a name given twice', () => {
    expect(() => orderModules([m('a', ['ghost'])])).toThrow('Module "a" needs "ghost", which no module provides');
    expect(() => orderModules([m('a'), m('a')])).toThrow('Two modules are named "a"');
  });

  it("orders the platform's own list without moving any area (the list is already in build order)", () => {
    expect(names(orderModules(modules))).toEqual(names([...modules]));
  });
});
