import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { TPlan } from '#shared/mentorship/mentorship.schemas';
import { Button } from '#client/components/ui/button';
import { isApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { userQueryKey } from '#client/features/accounts';
import { useMoneyStep } from '#client/features/privacy';
import { useSubscribe } from '../api/subscriptions';

/**
 * Subscribe to a plan: a paid plan opens the gateway's checkout (the gateway brings the mentee
 * back to their dashboard); a free plan or a trial starts at once.
 */
export function SubscribeButton({ plan }: { plan: TPlan }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const { reset } = subscribe;
  const gate = useMoneyStep();

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  const go = () =>
    subscribe.mutate(plan.id, {
      onSuccess: (result) => {
        if ('url' in result) return window.location.assign(result.url);
        void client.invalidateQueries({ queryKey: userQueryKey });
        toast({ title: result.status === 'trialing' ? 'Your free trial has started' : 'You are subscribed' });
        navigate('/mentorship/mentee');
      },
      onError: (error) => {
        if (isApiError(error, 401)) return void client.invalidateQueries({ queryKey: userQueryKey });
        if (gate.catches(error, go)) return;
        toast(failureToast('Could not subscribe', error));
      },
    });

  const label =
    plan.priceMinor === 0
      ? 'Subscribe for free'
      : plan.trialDays > 0
        ? `Start ${plan.trialDays}-day free trial`
        : 'Subscribe';
  return (
    <>
      <Button
        className="w-full"
        onClick={go}
        disabled={plan.full}
        loading={subscribe.isPending || (subscribe.isSuccess && 'url' in subscribe.data)}
        loadingText="Opening checkout…"
        aria-label={`${label}: ${plan.name}`}
      >
        {plan.full ? 'Full' : label}
      </Button>
      {gate.dialog}
    </>
  );
}
