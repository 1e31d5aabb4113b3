import { describe, expect, it, vi } from 'vitest';
import { silentLog } from '../test/silent-log';
import { createEvents } from './events';

describe('platform events', () => {
  it('tells every listener of its event, and a throwing listener fails neither the emitter nor the others', () => {
    const error = vi.spyOn(silentLog, 'error');
    const events = createEvents(silentLog);
    const heard: string[] = [];
    events.on('jobs.failed', () => {
      throw new Error('broken counter');
    });
    events.on('jobs.failed', ({ queue }) => heard.push(queue));
    events.on('mail.sent', () => heard.push('mail'));
    expect(() => events.emit('jobs.failed', { queue: 'mail.send' })).not.toThrow();
    expect(heard).toEqual(['mail.send']);
    expect(error).toHaveBeenCalledOnce();
  });
});
