import { afterAll, beforeAll } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { PASSWORD, buildUser, createHarness, login, unique, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { actor, type Actor } from '../courses/testing/course-fixtures';

/**
 * Who may call which account security route. Every route but the mailed link's is the caller's
 * own account: "other" is a second member, whose session ids are unknown to "member"; the
 * suspended member is hidden (`profile_hidden`) and still manages their own account.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'other', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h);
  people.other = await actor(h);
  people.suspended = await actor(h);
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended.user.id, {
    reason: 'Impersonation',
    restrictions: ['profile_hidden'],
  });
});
afterAll(() => h.close());

const security = () => h.services.security;

/** A second session of "member", as its public id. */
async function memberSecondSession() {
  const member = people.member!.user;
  await login(h, member.username);
  const sessions = await security().sessions(member.id, people.member!.cookie.slice('sid='.length));
  return sessions.find((s) => !s.current)!.id;
}

/** A fresh member's mailed confirmation token for a new address. */
async function confirmationToken() {
  const user = await buildUser(h);
  const newEmail = `${unique('new')}@example.com`;
  await security().requestEmailChange(user.id, { newEmail, password: PASSWORD });
  await h.jobs.runDue();
  return new URL(linkIn(await h.smtp.waitFor(newEmail), '/confirm-email?token=')).searchParams.get('token')!;
}

const rows: AuthzRow[] = [
  {
    route: 'POST /api/user/password',
    call: async () => ['POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: PASSWORD }],
    expect: [401, 204, 204, 204, 204],
  },
  {
    route: 'POST /api/user/password (wrong current password)',
    call: async () => [
      'POST',
      '/api/user/password',
      { currentPassword: 'not-my-password', newPassword: 'Another-Pass-42' },
    ],
    expect: [401, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/user/email',
    call: async () => ['POST', '/api/user/email', { newEmail: `${unique('mx')}@example.com`, password: PASSWORD }],
    expect: [401, 202, 202, 202, 202],
  },
  {
    route: 'GET /api/user/email/pending',
    call: async () => ['GET', '/api/user/email/pending'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'DELETE /api/user/email/pending (pending for all but "other")',
    call: async () => {
      for (const who of ['member', 'suspended', 'admin'] as const) {
        await security().requestEmailChange(people[who]!.user.id, {
          newEmail: `${unique('p')}@example.com`,
          password: PASSWORD,
        });
      }
      await security()
        .cancelEmailChange(people.other!.user.id)
        .catch(() => undefined);
      return ['DELETE', '/api/user/email/pending'];
    },
    expect: [401, 204, 404, 204, 204],
  },
  {
    route: 'POST /api/user/email/confirm (needs no session)',
    call: async () => ['POST', '/api/user/email/confirm', { token: await confirmationToken() }],
    expect: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/user/sessions',
    call: async () => ['GET', '/api/user/sessions'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'DELETE /api/user/sessions/{id} (a session of "member")',
    call: async () => ['DELETE', `/api/user/sessions/${await memberSecondSession()}`],
    expect: [401, 204, 404, 404, 404],
  },
  {
    route: 'POST /api/user/sessions/revoke-others',
    call: async () => ['POST', '/api/user/sessions/revoke-others'],
    expect: [401, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/user/consents',
    call: async () => ['POST', '/api/user/consents', { terms: TERMS_VERSION, privacy: PRIVACY_VERSION }],
    expect: [401, 200, 200, 200, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
