import { describe, expect, it } from 'vitest';
import { draftToInput, targetRoles, ZBroadcastDraft, ZBroadcastInput } from './broadcasts.schemas';

const base = { title: 'Maintenance', message: 'Sunday 02:00' };
const draft = { ...base, type: 'system_update', target: 'roles', roles: ['mentor', 'tutor'], link: '' };
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ZBroadcastInput', () => {
  it('reads the first contract: the type defaults to admin_broadcast and no target means everyone', () => {
    const v = ZBroadcastInput.parse(base);
    expect(v.type).toBe('admin_broadcast');
    expect(targetRoles(v)).toEqual([]);
    expect(targetRoles(ZBroadcastInput.parse({ ...base, audience: 'all' }))).toEqual([]);
    expect(targetRoles(ZBroadcastInput.parse({ ...base, audience: 'student' }))).toEqual(['student']);
  });

  it('takes a system update to several roles, each once', () => {
    const v = ZBroadcastInput.parse({ ...base, type: 'system_update', roles: ['mentor', 'tutor', 'mentor'] });
    expect(v.type).toBe('system_update');
    expect(targetRoles(v)).toEqual(['mentor', 'tutor']);
  });

  it.each([
    [{ ...base, type: 'chat_message' }, 'type', 'Choose an announcement or a system update'],
    [{ ...base, roles: ['admin'] }, 'roles.0', 'Choose roles members hold; admins cannot be targeted'],
    [{ ...base, audience: 'admin' }, 'audience', 'Choose who receives the broadcast'],
    [{ ...base, roles: ['mentor'], audience: 'tutor' }, 'roles', 'Give roles or audience, not both'],
    [{ ...base, roles: 'mentor' }, 'roles', 'Roles must be a list'],
  ])('refuses %o on %s', (payload, path, message) => {
    expect(messages(ZBroadcastInput.safeParse(payload))).toMatchObject({ [path]: message });
  });
});

describe('ZBroadcastDraft (the console form)', () => {
  it('posts the roles of a role target, and a blank link as none', () => {
    expect(draftToInput(ZBroadcastDraft.parse(draft))).toEqual({
      ...base,
      type: 'system_update',
      roles: ['mentor', 'tutor'],
    });
  });

  it('leaves the ticked roles out when the target is everyone', () => {
    expect(draftToInput(ZBroadcastDraft.parse({ ...draft, target: 'all', link: '/courses' }))).toEqual({
      ...base,
      type: 'system_update',
      link: '/courses',
    });
  });

  it('asks for a role when the target is some roles and none is ticked', () => {
    expect(messages(ZBroadcastDraft.safeParse({ ...draft, roles: [] }))).toEqual({ roles: 'Choose at least one role' });
  });

  it('says which fields are missing or wrong', () => {
    expect(
      messages(ZBroadcastDraft.safeParse({ ...draft, title: ' ', message: '', link: 'https://evil.example' })),
    ).toMatchObject({
      title: 'Title is required',
      message: 'Message is required',
      link: 'Link must be a path inside the app, starting with /',
    });
  });

  it('posts what the route accepts', () => {
    expect(ZBroadcastInput.safeParse(draftToInput(ZBroadcastDraft.parse(draft))).success).toBe(true);
  });
});
