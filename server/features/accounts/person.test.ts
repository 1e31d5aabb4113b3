import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { members } from './members';
import { FORMER_MEMBER, isShown, people, personColumns, presentPerson, type PersonRow, type Viewer } from './person';

const ada: PersonRow = { id: 'ada', username: 'ada', fullName: 'Ada Obi', avatarUrl: '/uploads/ada.png', role: 'tutor', deleted: false, hidden: false };
const states = {
  normal: ada,
  hidden: { ...ada, hidden: true },
  deleted: { ...ada, deleted: true },
  'hidden and deleted': { ...ada, hidden: true, deleted: true },
} satisfies Record<string, PersonRow>;

const viewers = {
  visitor: null,
  member: { id: 'ben', role: 'student' },
  'the person': { id: 'ada', role: 'tutor' },
  admin: { id: 'root', role: 'admin' },
} satisfies Record<string, Viewer>;

// Who sees the person as they are; everyone else sees a former member.
const expected: Record<keyof typeof states, Array<keyof typeof viewers>> = {
  normal: ['visitor', 'member', 'the person', 'admin'],
  hidden: ['the person', 'admin'],
  deleted: ['the person', 'admin'],
  'hidden and deleted': ['the person', 'admin'],
};

describe('the person display rule', () => {
  for (const [state, person] of Object.entries(states)) {
    for (const [who, viewer] of Object.entries(viewers)) {
      const sees = expected[state as keyof typeof states].includes(who as keyof typeof viewers);
      it(`${state} person, seen by ${who}: ${sees ? 'shown' : 'a former member'}`, () => {
        expect(isShown(person, viewer)).toBe(sees);
        expect(presentPerson(person, viewer)).toEqual(
          sees
            ? { id: 'ada', username: 'ada', fullName: 'Ada Obi', avatarUrl: '/uploads/ada.png' }
            : { id: 'ada', username: '', fullName: FORMER_MEMBER, avatarUrl: null },
        );
      });
    }
  }

  it('answers only the display fields, whatever the row carries', () => {
    expect(Object.keys(presentPerson(ada, null)).sort()).toEqual(['avatarUrl', 'fullName', 'id', 'username']);
  });
});

describe('the columns features may join', () => {
  const dialect = new PgDialect();
  const text = (query: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(query).sql;

  it('people() selects display columns and the rule, never the hash or the email', () => {
    const p = people('tutor', new Date());
    const query = text(sql`select * from ${p}`);
    expect(query).not.toMatch(/password_hash|"email"/);
    expect(Object.keys(personColumns(p)).sort()).toEqual(['avatarUrl', 'deleted', 'fullName', 'hidden', 'id', 'role', 'username']);
  });

  it('people() counts only suspensions in force that close profile_hidden', () => {
    const query = text(sql`select * from ${people('p', new Date())}`);
    expect(query).toContain(`'profile_hidden' = any("suspensions"."restrictions")`);
    expect(query).toContain('"suspensions"."lifted_at" is null');
    expect(query).toMatch(/"deleted_at" is not null as "deleted"/);
  });

  it('members() reaches accounts not deleted, without the hash', () => {
    const query = text(sql`select * from ${members('m')}`);
    expect(query).not.toContain('password_hash');
    expect(query).toMatch(/where "users"."deleted_at" is null|where "deleted_at" is null/);
  });
});
