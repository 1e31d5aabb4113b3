import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useSchemaForm } from '#client/lib/schema-form';
import { useLogin } from '../api/login';
import { offersSignInLink } from '../api/sign-in-link';

// Shown only after the account's lock refused a sign-in: loaded then (decision 083).
const SignInLinkOffer = lazy(() => import('./sign-in-link-offer').then((m) => ({ default: m.SignInLinkOffer })));

/** Success is handled by the login hook and the page's redirect for a signed-in user. */
export function LoginForm() {
  const login = useLogin();
  // The rules load on the first focus (decision 083): the form shows without zod.
  const { register, handleSubmit, setError, errors, form } = useSchemaForm({
    schema: () => import('#shared/auth/auth.schemas').then((m) => m.ZLogin),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, { onError: (err) => applyFieldErrors(err, setError, ['username', 'password']) }),
  );

  return (
    <form {...form} onSubmit={onSubmit} className="space-y-5" aria-label="Login">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to="/reset-password"
            className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            Forgot Password
          </Link>
        }
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={login.isPending} loadingText="Signing in…">
        Sign in
      </Button>
      {offersSignInLink(login.error) && login.variables ? (
        <Suspense fallback={null}>
          <SignInLinkOffer login={login.variables.username} />
        </Suspense>
      ) : null}
    </form>
  );
}
