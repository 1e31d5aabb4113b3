import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { buildUser, createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';

/**
 * Who may call which chat route. "a" and "b" are the conversation's two members, "outsider" a
 * member of neither, "suspended" a member suspended from chat, "admin" an admin outside it:
 * admins read reports, not private conversations.
 */
let h: Harness;
const WHO = ['visitor', 'a', 'b', 'outsider', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
let conversationId: string;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  for (const who of ['a', 'b', 'outsider', 'suspended'] as const) people[who] = await actor(h);
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended!.user.id, { reason: 'Spam', restrictions: ['chat'] });
  conversationId = (await h.services.chat.start(people.a!.user, people.b!.user.id, undefined)).conversation.id;
});
afterAll(() => h.close());

const base = () => `/api/chat/conversations/${conversationId}`;
/** A fresh message of "a" in the conversation. */
const fromA = async () => (await h.services.chat.send(people.a!.user, conversationId, { body: 'hello' })).message.id;
const someone = async () => (await buildUser(h)).id;

const rows: AuthzRow[] = [
  {
    route: 'POST /api/chat/conversations (with a)',
    call: async () => ['POST', '/api/chat/conversations', { userId: people.a!.user.id }],
    expect: [401, 404, 200, 201, 403, 201],
  },
  {
    route: 'GET /api/chat/conversations',
    call: async () => ['GET', '/api/chat/conversations'],
    expect: [401, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/chat/conversations/{id}/messages',
    call: async () => ['GET', `${base()}/messages`],
    expect: [401, 200, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/chat/conversations/{id}/messages',
    call: async () => ['POST', `${base()}/messages`, { body: 'hi' }],
    expect: [401, 201, 201, 404, 403, 404],
  },
  {
    route: 'PATCH /api/chat/conversations/{id}/messages/{messageId}',
    call: async () => ['PATCH', `${base()}/messages/${await fromA()}`, { body: 'edited' }],
    expect: [401, 200, 404, 404, 403, 404],
  },
  {
    route: 'DELETE /api/chat/conversations/{id}/messages/{messageId}',
    call: async () => ['DELETE', `${base()}/messages/${await fromA()}`],
    expect: [401, 200, 404, 404, 403, 404],
  },
  {
    route: 'POST /api/chat/conversations/{id}/read',
    call: async () => ['POST', `${base()}/read`, { messageId: await fromA() }],
    expect: [401, 200, 200, 404, 403, 404],
  },
  {
    route: 'GET /api/chat/unread-count',
    call: async () => ['GET', '/api/chat/unread-count'],
    expect: [401, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/chat/blocks',
    call: async () => ['POST', '/api/chat/blocks', { userId: await someone() }],
    expect: [401, 200, 200, 200, 403, 200],
  },
  {
    route: 'DELETE /api/chat/blocks/{userId}',
    call: async () => ['DELETE', `/api/chat/blocks/${await someone()}`],
    expect: [401, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/reports (member)',
    call: async () => ['POST', '/api/reports', { kind: 'member', targetId: await someone(), reason: 'Fake profile' }],
    expect: [401, 201, 201, 201, 201, 201],
  },
  {
    route: 'POST /api/reports (message)',
    call: async () => ['POST', '/api/reports', { kind: 'message', targetId: await fromA(), reason: 'Rude words' }],
    expect: [401, 201, 201, 404, 404, 404],
  },
  {
    route: 'GET /api/admin/reports',
    call: async () => ['GET', '/api/admin/reports'],
    expect: [401, 403, 403, 403, 403, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
