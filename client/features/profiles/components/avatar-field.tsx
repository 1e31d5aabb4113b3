import { Trash2 } from 'lucide-react';
import type { TProfile } from '#shared/profiles/profiles.schemas';
import { Button } from '#client/components/ui/button';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
import { useUpdateProfile } from '../api/update-profile';
import { Avatar } from './avatar';

/**
 * The profile picture: uploaded with a progress bar, cropped square by the server, and saved on
 * the profile as soon as it is uploaded (no separate Save).
 */
export function AvatarField({ profile }: { profile: TProfile }) {
  const update = useUpdateProfile();
  const save = (avatarUploadId: string | null) =>
    update.mutate(
      { avatarUploadId },
      {
        onSuccess: () => toast({ title: avatarUploadId ? 'Profile picture saved' : 'Profile picture removed' }),
        onError: (err) => toast(failureToast('Could not save your picture', err)),
      },
    );
  return (
    <UploadField
      id="profile-avatar"
      kind="avatar"
      label="Profile picture"
      hint="A square crop of the middle of your photo is shown. PNG, JPEG, WebP or GIF up to 5 MB."
      buttonText={profile.avatarUrl ? 'Change picture' : 'Upload a picture'}
      disabled={update.isPending}
      onUploaded={(upload) => save(upload.id)}
    >
      <div className="flex items-center gap-4">
        <Avatar name={profile.fullName} url={profile.avatarUrl} srcset={profile.avatarSrcset} size={80} />
        {profile.avatarUrl ? (
          <Button variant="ghost-destructive" size="sm" onClick={() => save(null)} disabled={update.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove picture
          </Button>
        ) : null}
      </div>
    </UploadField>
  );
}
