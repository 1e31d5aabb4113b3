import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { TPlan } from '#shared/mentorship/mentorship.schemas';
import { Markdown } from '#client/components/markdown';
import { PageHeader } from '#client/components/page-header';
import { Alert } from '#client/components/ui/alert';
import { Card } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { useUser } from '#client/features/accounts';
import { ProvenSkills } from '#client/features/passport';
import { useMentor } from '../api/mentors';
import { useMentorPlans } from '../api/plans';
import { allowancesQueryOptions } from '../api/sessions-api';
import { monthly } from '../format';
import { BookingSection } from './booking-section';
import { NextSlots } from './next-slots';
import { RatingSummary } from './rating';
import { ReviewsSection } from './reviews-section';
import { SubscribeButton } from './subscribe-button';

function PlanCard({ plan, own }: { plan: TPlan; own: boolean }) {
  return (
    <Card role="group" className="flex flex-col gap-3 p-4" aria-label={plan.name}>
      <h3 className="text-base font-semibold">{plan.name}</h3>
      <p className="text-xl font-semibold">{monthly(plan.priceMinor, plan.currency)}</p>
      {plan.description ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{plan.description}</p> : null}
      <ul className="space-y-1 text-sm">
        <li>
          {plan.sessionsPerMonth} × {plan.sessionMinutes}-minute {plan.sessionsPerMonth === 1 ? 'session' : 'sessions'}{' '}
          a month
        </li>
        {plan.responseHours ? <li>Chat replies within {plan.responseHours} h</li> : null}
        {plan.trialDays > 0 ? <li>{plan.trialDays}-day free trial</li> : null}
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-1.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 text-emerald-600" />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        {own ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This is your plan.</p>
        ) : (
          <SubscribeButton plan={plan} />
        )}
      </div>
    </Card>
  );
}

/** A subscriber books here; anyone else sees the next free times and how to get to book them. */
function AvailabilityAside({ mentorId, viewerId }: { mentorId: string; viewerId: string | undefined }) {
  const allowances = useQuery({ ...allowancesQueryOptions(), enabled: Boolean(viewerId) });
  if (allowances.data?.some((a) => a.mentor.id === mentorId)) return <BookingSection mentorId={mentorId} />;
  return <NextSlots mentorId={mentorId} own={viewerId === mentorId} />;
}

/** /mentorship/mentor/{mentorId}: the mentor's profile, rating, plans, next free times, reviews and Subscribe. */
export function MentorProfilePage() {
  const { mentorId = '' } = useParams();
  const { data: user } = useUser();
  const mentor = useMentor(mentorId);
  const plans = useMentorPlans(mentorId);

  if (mentor.isPending) return <PageSpinner label="Loading the mentor…" />;
  if (mentor.isError) {
    return (
      <>
        <PageHeader title="Mentor profile" />
        <Alert tone="error">
          {isApiError(mentor.error, 404)
            ? 'This mentor was not found.'
            : 'The mentor could not be loaded. Please try again.'}
        </Alert>
        <Link to="/mentorship/mentor" className="mt-4 inline-block text-sm underline">
          Back to mentors
        </Link>
      </>
    );
  }
  const m = mentor.data;
  return (
    <>
      <PageHeader title={m.fullName} description={m.headline} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-6">
          <Card className="space-y-3 p-4 sm:p-6">
            <h2 className="text-lg font-semibold">About</h2>
            <Markdown source={m.bio} className="text-sm" />
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {m.yearsExperience} years of experience · {m.mentees} {m.mentees === 1 ? 'mentee' : 'mentees'}
            </p>
            <RatingSummary rating={m.rating} reviews={m.reviews} />
            <ProvenSkills label="Expertise" skills={m.expertise} />
            {m.linkUrl ? (
              <a
                href={m.linkUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
              >
                LinkedIn or portfolio
              </a>
            ) : null}
          </Card>
          <section aria-labelledby="plans-heading" className="space-y-3">
            <h2 id="plans-heading" className="text-lg font-semibold">
              Plans
            </h2>
            {plans.data && plans.data.length === 0 ? <Alert tone="info">This mentor has no plans yet.</Alert> : null}
            <ul className="grid gap-4 md:grid-cols-2">
              {plans.data?.map((p) => (
                <li key={p.id} className="flex [&>*]:flex-1">
                  <PlanCard plan={p} own={user?.id === m.id} />
                </li>
              ))}
            </ul>
          </section>
        </div>
        {/* On a phone the free times come before the reviews; on a wide screen they sit beside both. */}
        <aside aria-label="Availability" className="space-y-4 lg:row-span-2">
          <AvailabilityAside mentorId={m.id} viewerId={user?.id} />
        </aside>
        <ReviewsSection mentorId={m.id} viewerId={user?.id} />
      </div>
    </>
  );
}
