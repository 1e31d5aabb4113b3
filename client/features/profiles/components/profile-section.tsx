import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { LANGUAGE_CODES, LANGUAGES, LOCATION_CODES, LOCATIONS, ZLanguage, ZLocation } from '#shared/profiles/locations';
import {
  BIO_MAX,
  HEADLINE_MAX,
  LINK_KINDS,
  LINK_LABELS,
  ZProfileLinks,
  ZProfileUpdate,
  type TProfile,
} from '#shared/profiles/profiles.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { SkillsPicker } from '#client/features/skills';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarField } from './avatar-field';

const ZProfileForm = z.object({
  fullName: ZProfileUpdate.shape.fullName.unwrap(),
  headline: ZProfileUpdate.shape.headline.unwrap(),
  bio: ZProfileUpdate.shape.bio.unwrap(),
  location: ZLocation.or(z.literal('')),
  links: ZProfileLinks,
  languages: z.array(ZLanguage),
});
type ProfileForm = z.infer<typeof ZProfileForm>;
const FIELDS: Array<Path<ProfileForm>> = [
  'fullName',
  'headline',
  'bio',
  'location',
  'languages',
  ...LINK_KINDS.map((k) => `links.${k}` as const),
];

const formOf = (p: TProfile): ProfileForm => ({
  fullName: p.fullName,
  headline: p.headline,
  bio: p.bio,
  location: p.location ?? '',
  links: Object.fromEntries(LINK_KINDS.map((k) => [k, p.links[k] ?? ''])),
  languages: p.languages,
});

/** /profile's first section: what other members see, edited in one form with one Save. */
export function ProfileSection() {
  const { data: user } = useUser();
  const { data: profile, isPending, isError, isRefetching, refetch } = useProfile(user?.username ?? '');
  if (isPending) return <PageSpinner label="Loading your profile…" className="min-h-48" />;
  if (isError)
    return (
      <LoadFailedCard what="your profile" variant="compact" retrying={isRefetching} onRetry={() => void refetch()} />
    );
  return <ProfileEditor key={profile.id} profile={profile} />;
}

function ProfileEditor({ profile }: { profile: TProfile }) {
  const update = useUpdateProfile();
  const [skills, setSkills] = useState<TSkillRef[]>(profile.skills);
  const [skillsError, setSkillsError] = useState<string>();
  const skillsDirty = skills.map((s) => s.slug).join() !== profile.skills.map((s) => s.slug).join();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({ resolver: zodResolver(ZProfileForm), defaultValues: formOf(profile) });

  const onSubmit = handleSubmit((values) => {
    setSkillsError(undefined);
    update.mutate(
      { ...values, location: values.location || null, skills: skills.map((s) => s.slug) },
      {
        onSuccess: (saved) => {
          reset(formOf(saved));
          setSkills(saved.skills);
          toast({ title: 'Profile saved' });
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.body?.fields : undefined;
          if (fields?.skills) setSkillsError(fields.skills);
          let placed = Boolean(fields?.skills);
          for (const name of FIELDS) {
            if (fields?.[name]) {
              setError(name, { type: 'server', message: fields[name] });
              placed = true;
            }
          }
          if (!placed) toast(failureToast('Could not save your profile', err));
        },
      },
    );
  });

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AvatarField profile={profile} />
        <Link
          to={`/u/${encodeURIComponent(profile.username)}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          View public profile
          <ExternalLink aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Profile" className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="profile-fullName" label="Full name" error={errors.fullName?.message}>
            {(c) => <Input {...c} {...register('fullName')} autoComplete="name" maxLength={100} />}
          </FormField>
          <FormField id="profile-location" label="Location" error={errors.location?.message}>
            {(c) => (
              <Select {...c} {...register('location')}>
                <option value="">Not shown</option>
                {LOCATION_CODES.map((code) => (
                  <option key={code} value={code}>
                    {LOCATIONS[code]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField
          id="profile-headline"
          label="Headline"
          error={errors.headline?.message}
          hint="One line under your name, e.g. “Solar installer in Ibadan” or “Data analyst, open to remote work”"
        >
          {(c) => <Input {...c} {...register('headline')} maxLength={HEADLINE_MAX} autoComplete="off" />}
        </FormField>
        <FormField
          id="profile-bio"
          label="About you"
          error={errors.bio?.message}
          hint="Markdown works: **bold**, lists, links."
        >
          {(c) => <Textarea {...c} {...register('bio')} rows={6} maxLength={BIO_MAX} />}
        </FormField>
        <SkillsPicker
          id="profile-skills"
          label="Skills"
          value={skills}
          onChange={(next) => {
            setSkills(next);
            setSkillsError(undefined);
          }}
          error={skillsError}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Links</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {LINK_KINDS.map((kind) => (
              <FormField
                key={kind}
                id={`profile-link-${kind}`}
                label={LINK_LABELS[kind]}
                error={errors.links?.[kind]?.message}
              >
                {(c) => (
                  <Input
                    {...c}
                    {...register(`links.${kind}`)}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    autoComplete="url"
                  />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Languages you work in</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            {LANGUAGE_CODES.map((code) => (
              <label key={code} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                <Checkbox value={code} {...register('languages')} />
                {LANGUAGES[code]}
              </label>
            ))}
          </div>
          {errors.languages ? (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.languages.message}</p>
          ) : null}
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending} loadingText="Saving…" disabled={!isDirty && !skillsDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </div>
  );
}
