import type { TProfile } from '#shared/profiles/profiles.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { TRole } from '#shared/roles';
import { avatarSrcset } from '../uploads';
import type { ProfileRow } from './profiles.repo';

/** The account fields a profile shows (never the email: a profile is for other members). */
export interface ProfileAccount {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  role: TRole;
  /** Every role held; `role` is the primary one (decision 018). */
  roles: TRole[];
  createdAt: Date;
}

/** A profile as members see it; a member who never edited theirs has empty fields. */
export function presentProfile(
  account: ProfileAccount,
  profile: ProfileRow | undefined,
  skills: TSkillRef[],
): TProfile {
  const links = Object.fromEntries(Object.entries(profile?.links ?? {}).filter(([, url]) => url));
  return {
    id: account.id,
    username: account.username,
    fullName: account.fullName,
    avatarUrl: account.avatarUrl,
    // Only an avatar upload has square copies; an avatar_url from before uploads is shown alone.
    avatarSrcset: profile?.avatarUploadId && account.avatarUrl ? avatarSrcset(profile.avatarUploadId) : null,
    headline: profile?.headline ?? '',
    bio: profile?.bio ?? '',
    location: profile?.location ?? null,
    skills,
    links,
    languages: profile?.languages ?? [],
    roles: account.roles,
    createdAt: account.createdAt.toISOString(),
  };
}
