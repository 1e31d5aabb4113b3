import { describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRole } from '#shared/roles';
import type { TUploadKind } from '#shared/uploads/uploads.schemas';
import { isPublic, isPublicKind, readsWithoutReaders } from './upload-access';

const person = (id: string, role: TRole, suspendedFrom: TUser['restrictions'] = []) =>
  ({ id, role, suspended: suspendedFrom.length > 0, restrictions: suspendedFrom }) as TUser;

const OWNER = 'owner';
const people = {
  visitor: null,
  owner: person(OWNER, 'tutor'),
  ownerSuspendedFromCourses: person(OWNER, 'tutor', ['courses']),
  ownerSuspendedFromChat: person(OWNER, 'tutor', ['chat']),
  someoneElse: person('other', 'student'),
  admin: person('admin', 'admin'),
};
type Who = keyof typeof people;

const readers = (kind: TUploadKind, isPrivate = false) =>
  (Object.keys(people) as Who[]).filter((who) =>
    readsWithoutReaders(people[who], { kind, ownerId: OWNER, private: isPrivate }),
  );

describe('who reads an upload without asking the features that link it', () => {
  it('lets everyone fetch images', () => {
    expect(readers('image')).toEqual(Object.keys(people));
    expect(isPublicKind('image')).toBe(true);
  });

  it.each<TUploadKind>(['video', 'document'])(
    'keeps a %s to its uploader (while uploads are open to them) and admins',
    (kind) => {
      expect(isPublicKind(kind)).toBe(false);
      expect(readers(kind)).toEqual(['owner', 'ownerSuspendedFromChat', 'admin']);
    },
  );

  it.each<TUploadKind>(['image', 'avatar', 'video', 'document'])(
    'keeps a private %s to its uploader, not even to admins',
    (kind) => {
      expect(isPublic({ kind, private: true })).toBe(false);
      expect(readers(kind, true)).toEqual(['owner', 'ownerSuspendedFromChat']);
    },
  );
});
