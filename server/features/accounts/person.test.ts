import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { members } from './members.repo';
import { people, personColumns } from './people.repo';
import { FORMER_MEMBER, isShown, presentPerson, type PersonRow, type Viewer } from './person';

const ada: PersonRow = {
  id: 'ada',
  username: 'ada',
  fullName: 'Ada Obi',
  avatarUrl: '/uploads/ada.png',
  role: 'tutor',
  deleted: false,
  hidden: false,
};
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
  const qb = new QueryBuilder();
  const now = new Date();

  it('people() holds display columns only, never the hash or the email', () => {
    const query = qb.select().from(people('tutor')).toSQL().sql;
    expect(query).not.toMatch(/password_hash|"email"/);
    expect(Object.keys(personColumns(people('tutor'), now)).sort()).toEqual([
      'avatarUrl',
      'deleted',
      'fullName',
      'hidden',
      'id',
      'role',
      'username',
    ]);
  });

  it("checks each joined person's own rule: two people in one query never mix", () => {
    const learner = people('learner');
    const payee = people('payee');
    const query = qb
      .select({ learner: personColumns(learner, now), payee: personColumns(payee, now) })
      .from(learner)
      .innerJoin(payee, sql`true`)
      .toSQL().sql;
    for (const alias of ['learner', 'payee']) {
      expect(query).toContain(`("${alias}"."deleted_at" is not null)`);
      expect(query).toContain(`("${alias}"."id" in (select "suspensions"."user_id" from "suspensions"`);
    }
    expect(query).toContain(`'profile_hidden' = any("suspensions"."restrictions")`);
    expect(query).toContain('"suspensions"."lifted_at" is null');
    expect(query).not.toContain('password_hash');
  });

  it('names the person outside the suspensions subquery when the query has one source', () => {
    const alone = people('person');
    const query = qb.select(personColumns(alone, now)).from(alone).toSQL().sql;
    // drizzle leaves every column unqualified here: the person's id must stand outside the subquery.
    expect(query).toContain('("id" in (select "user_id" from "suspensions"');
  });

  it('members() reaches accounts not deleted, without the hash', () => {
    const query = qb.select().from(members('m')).toSQL().sql;
    expect(query).not.toContain('password_hash');
    expect(query).toMatch(/where "users"."deleted_at" is null|where "deleted_at" is null/);
  });
});
