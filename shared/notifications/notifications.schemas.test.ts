import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_LOOKS,
  ZNotificationLink,
  ZNotificationPreferenceChange,
  ZNotificationsQuery,
} from './notifications.schemas';

describe('notification looks (spec section 3)', () => {
  it('groups the types as the spec does', () => {
    const byLook = (look: string) =>
      Object.entries(NOTIFICATION_LOOKS)
        .filter(([, l]) => l === look)
        .map(([t]) => t);
    expect(byLook('success')).toEqual(['course_completed', 'certificate_ready', 'payment_received']);
    expect(byLook('warning')).toEqual(['assignment_due', 'gig_posted']);
    expect(byLook('info')).toEqual([
      'course_purchase',
      'mentorship_subscription',
      'chat_message',
      'admin_broadcast',
      'system_update',
    ]);
  });
});

describe('ZNotificationsQuery', () => {
  it('defaults to the first page of 20', () => {
    expect(ZNotificationsQuery.parse({})).toEqual({ limit: 20, offset: 0, unread: false });
    expect(ZNotificationsQuery.parse({ limit: '50', offset: '40', unread: 'true' })).toEqual({
      limit: 50,
      offset: 40,
      unread: true,
    });
  });

  it.each([{ limit: '0' }, { limit: '51' }, { limit: 'abc' }, { offset: '-1' }, { unread: '1' }])('refuses %o', (q) => {
    expect(ZNotificationsQuery.safeParse(q).success).toBe(false);
  });
});

describe('ZNotificationLink', () => {
  it.each(['/courses/1', '/notifications?x=1'])('keeps the in-app path %s', (link) => {
    expect(ZNotificationLink.safeParse(link).success).toBe(true);
  });
  it.each(['https://evil.example', '//evil.example', 'javascript:alert(1)', '/\\evil.example', 'courses'])(
    'refuses %s',
    (link) => {
      expect(ZNotificationLink.safeParse(link).success).toBe(false);
    },
  );
});

describe('ZNotificationPreferenceChange', () => {
  it('turns gig_posted off in the app, but no other type', () => {
    expect(ZNotificationPreferenceChange.safeParse({ type: 'gig_posted', inApp: false }).success).toBe(true);
    const refused = ZNotificationPreferenceChange.safeParse({ type: 'payment_received', inApp: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['inApp'],
      message: 'This notification cannot be turned off, only its email copy',
    });
  });

  it('takes either choice alone, and turning a type on is always allowed', () => {
    expect(ZNotificationPreferenceChange.parse({ type: 'chat_message', email: true })).toEqual({
      type: 'chat_message',
      email: true,
    });
    expect(ZNotificationPreferenceChange.parse({ type: 'chat_message', inApp: true })).toEqual({
      type: 'chat_message',
      inApp: true,
    });
  });
});
