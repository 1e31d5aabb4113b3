import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LOOKS, NOTIFICATION_TYPES } from '#shared/notifications/notifications.schemas';
import { lookOf } from './notification-looks';

describe('lookOf (spec section 3)', () => {
  it('follows the shared table for every type', () => {
    for (const type of NOTIFICATION_TYPES) expect(lookOf(type).look).toBe(NOTIFICATION_LOOKS[type]);
  });

  it('gives each look its own icon and colour', () => {
    expect(lookOf('payment_received')).toMatchObject({ look: 'success', icon: CircleCheck });
    expect(lookOf('payment_received').badgeClass).toContain('emerald');
    expect(lookOf('assignment_due')).toMatchObject({ look: 'warning', icon: TriangleAlert });
    expect(lookOf('assignment_due').badgeClass).toContain('amber');
    expect(lookOf('admin_broadcast')).toMatchObject({ look: 'info', icon: Info });
    expect(lookOf('admin_broadcast').badgeClass).toContain('sky');
  });

  it('shows a type it does not know (a newer server) as info rather than failing', () => {
    expect(lookOf('something_new' as never).look).toBe('info');
  });
});
