import { GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses, type ButtonVariant } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { useUser } from '#client/features/accounts';
import { useBecomeTutor } from '../api/become-tutor';
import { canTeach } from '../format';
import { StateCard } from '#client/components/state-card';

/**
 * "Teach on the platform": a tutor goes straight to the builder; anyone else first becomes a
 * tutor (self-service, docs/product.md "How roles change"), after saying yes to what that means.
 */
export function TeachButton({ variant = 'primary', className }: { variant?: ButtonVariant; className?: string }) {
  const { data: user } = useUser();
  const become = useBecomeTutor();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  if (canTeach(user)) {
    return (
      <Link to="/courses/create" className={buttonClasses(variant, 'md', className)}>
        <GraduationCap aria-hidden="true" className="size-4" />
        Create a course
      </Link>
    );
  }

  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        <GraduationCap aria-hidden="true" className="size-4" />
        Teach on the platform
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Teach on the platform"
        description={
          <>
            <p>
              Share what you know with learners across Nigeria. As a tutor you can build courses with video and text
              lessons, set a price or offer them free, and follow your enrolments.
            </p>
            <p>
              You take on the tutor role next to any role you hold; an admin reviews each course before it is published.
            </p>
          </>
        }
        confirmText="Become a tutor"
        loading={become.isPending}
        loadingText="Setting up…"
        onConfirm={() =>
          become.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              void navigate('/courses/create');
            },
          })
        }
      />
    </>
  );
}

/** What a member who does not teach sees on the builder and the tutor dashboard. */
export function BecomeTutorCard() {
  return (
    <StateCard icon={GraduationCap} title="Teach on the platform" actions={<TeachButton />}>
      Share what you know with learners across Nigeria. Become a tutor to build courses with video and text lessons, and
      follow your enrolments.
    </StateCard>
  );
}
