import { describe, expect, it } from 'vitest';
import { operationIdOf, summaryOf } from './api-operations';

describe('operation names from method and path', () => {
  it('makes a camelCase operationId, parameters as By<Name>', () => {
    expect(operationIdOf('GET', '/api/courses/:id')).toBe('getCoursesById');
    expect(operationIdOf('DELETE', '/api/courses/:id/sections/:sectionId')).toBe(
      'deleteCoursesByIdSectionsBySectionId',
    );
    expect(operationIdOf('POST', '/api/notifications/mark-all-read')).toBe('postNotificationsMarkAllRead');
    expect(operationIdOf('GET', '/api/wallet/entries.csv')).toBe('getWalletEntriesCsv');
    expect(operationIdOf('GET', '/uploads/:storedName')).toBe('getUploadsByStoredName');
  });

  it('keeps paths that differ only by their words apart', () => {
    expect(operationIdOf('GET', '/api/user')).not.toBe(operationIdOf('GET', '/api/users'));
    expect(operationIdOf('PUT', '/api/jobs/:id/save')).not.toBe(operationIdOf('DELETE', '/api/jobs/:id/save'));
  });

  it('says the same in words', () => {
    expect(summaryOf('GET', '/api/courses')).toBe('Get courses');
    expect(summaryOf('DELETE', '/api/courses/:id/sections/:sectionId')).toBe(
      'Delete courses by id, sections by section id',
    );
    expect(summaryOf('POST', '/api/notifications/mark-all-read')).toBe('Post notifications mark all read');
  });
});
