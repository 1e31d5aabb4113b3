import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

const panel = 'min-w-0 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800';

/** /profile's "Account security": password, email and signed-in devices (decision 019). */
export function SecuritySection() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className={panel}>
        <ChangePasswordForm />
      </div>
      <div className={panel}>
        <ChangeEmailForm />
      </div>
      <div className={`${panel} lg:col-span-2`}>
        <SessionsList />
      </div>
    </div>
  );
}
