import { ShieldCheck } from 'lucide-react';
import type { TPassportSkill } from '#shared/passport/passport.schemas';
import { Button } from '#client/components/ui/button';
import { CredentialActions } from '#client/features/credentials';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useSkillCredential } from '../api/skill-credential';

const ISSUER = 'Build. Learn. Earn. Thrive.';

/**
 * The owner's proven or expert skill as a portable credential (issue 31, item 4): asked for here,
 * then "Add to LinkedIn", "Download" and the public verify page. Only what others see counts,
 * so a skill proven only by hidden items offers nothing.
 */
export function SkillCredential({ skill }: { skill: TPassportSkill }) {
  const credential = useSkillCredential();
  const level = skill.publicLevel ?? skill.level;
  if (level !== 'proven' && level !== 'expert') return null;
  if (credential.data)
    return (
      <div className="mt-3 space-y-2">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Your {skill.name} credential is ready: anyone can check it without signing in.
        </p>
        <CredentialActions
          id={credential.data.credentialId}
          name={`${skill.name} (${level})`}
          organizationName={ISSUER}
          issuedAt={new Date().toISOString()}
        />
      </div>
    );
  return (
    <Button
      type="button"
      variant="outline"
      className="mt-3"
      disabled={credential.isPending}
      onClick={() =>
        credential.mutate(skill.slug, { onError: (e) => toast(failureToast('Could not make the credential', e)) })
      }
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      {credential.isPending ? 'Making your credential…' : 'Get a verifiable credential'}
    </Button>
  );
}
