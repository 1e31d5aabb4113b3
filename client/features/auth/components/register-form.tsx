import { Link } from 'react-router';
import type { z } from 'zod';
import type { ZRegisterForm } from '#shared/auth/auth.schemas';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useSchemaForm } from '#client/lib/schema-form';
import { useRegister } from '../api/register';

export type RegisterDraft = z.input<typeof ZRegisterForm>;

const EMPTY: RegisterDraft = {
  username: '',
  email: '',
  fullName: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
};

const FIELDS = ['username', 'email', 'fullName', 'password', 'confirmPassword', 'agreeToTerms'] as const;

const linkClass = 'font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300';

/** Self-registration always asks for the general role (docs/spec.md §6). */
export function RegisterForm({
  initialValues = EMPTY,
  onRegistered,
}: {
  /** Kept by the page so "try a different email" comes back to a filled form. */
  initialValues?: RegisterDraft;
  onRegistered: (values: RegisterDraft) => void;
}) {
  const registration = useRegister();
  // The rules load on the first focus (decision 083): the form shows without zod.
  const { register, handleSubmit, setError, getValues, errors, form } = useSchemaForm({
    schema: () => import('#shared/auth/auth.schemas').then((m) => m.ZRegisterForm),
    defaultValues: initialValues,
  });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...values }) =>
    registration.mutate(
      { ...values, agreeToTerms: true, role: 'general' },
      {
        onSuccess: () => onRegistered(getValues()),
        onError: (err) => applyFieldErrors(err, setError, FIELDS),
      },
    ),
  );

  const termsError = errors.agreeToTerms?.message;
  return (
    <form {...form} onSubmit={onSubmit} className="space-y-5" aria-label="Register">
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        {(c) => (
          <Input {...c} {...register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        )}
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </FormField>
      <FormField id="register-fullName" label="Full name" error={errors.fullName?.message}>
        {(c) => <Input {...c} {...register('fullName')} autoComplete="name" />}
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        {(c) => <Input {...c} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField id="register-confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
        {(c) => <Input {...c} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <div className="space-y-1.5">
        <div className="flex items-start gap-2.5">
          <Checkbox
            id="register-agreeToTerms"
            {...register('agreeToTerms')}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-agreeToTerms-error' : undefined}
          />
          <label htmlFor="register-agreeToTerms" className="text-sm text-zinc-700 dark:text-zinc-300">
            I agree to the{' '}
            <Link to="/terms" className={linkClass}>
              Terms and Conditions
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </label>
        </div>
        {termsError ? <FieldError id="register-agreeToTerms-error">{termsError}</FieldError> : null}
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={registration.isPending}
        loadingText="Creating account…"
      >
        Create account
      </Button>
    </form>
  );
}
