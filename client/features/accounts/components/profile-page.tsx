import type { ReactNode } from 'react';
import { ROLE_LABELS } from '#shared/roles';
import { PageHeader } from '#client/components/page-header';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { NotificationPreferences } from '#client/features/notifications';
import { ProfileSection, TimeZoneForm } from '#client/features/profiles';
import { useUser } from '../api/get-user';
import { SecuritySection } from './settings/security-section';
import { PrivacySection } from '#client/features/privacy';
import { PassportView } from '#client/features/passport';
import { RolesSection } from './settings/roles-section';
import { DataSaverSection } from './settings/data-saver-section';
import { DownloadsSection } from '#client/features/courses';

interface SettingsSection {
  /** The anchor: /profile#<id> opens the page at this section. */
  id: string;
  title: string;
  description?: string;
  content: ReactNode;
}

/**
 * /profile: the member's settings, one section per area, each reachable from the section nav
 * (a row of links that scrolls sideways on phones, a column beside the sections on wide screens).
 * An area adds its section with one entry below.
 */
export function ProfilePage() {
  const { data: user } = useUser();
  if (!user) return null;

  const sections: SettingsSection[] = [
    {
      id: 'profile',
      title: 'Profile',
      description: 'What other members see on your public profile.',
      content: <ProfileSection />,
    },
    {
      id: 'passport',
      title: 'Skills passport',
      description: 'Your skills and the evidence behind each. Hide any item from the public view.',
      content: <PassportView username={user.username} own />,
    },
    { id: 'account', title: 'Account', content: <AccountDetails /> },
    {
      id: 'time-zone',
      title: 'Time zone',
      description: 'The zone your notifications, emails and reminders state times in.',
      content: <TimeZoneForm />,
    },
    ...(user.role === 'admin' ? [] : [{ id: 'roles', title: 'Roles', content: <RolesSection /> }]),
    {
      id: 'security',
      title: 'Account security',
      description: 'Your password, your email and the devices signed in to your account.',
      content: <SecuritySection />,
    },
    {
      id: 'privacy',
      title: 'Privacy',
      description: 'Your rights over your data: a copy of it, or its deletion.',
      content: <PrivacySection />,
    },
    {
      id: 'data-saver',
      title: 'Data saver',
      description: 'Use less mobile data on this device. On by default when your browser asks to save data.',
      content: <DataSaverSection />,
    },
    {
      id: 'downloads',
      title: 'Downloads',
      description: 'Courses kept on this device to learn without a network, and the space they use.',
      content: <DownloadsSection />,
    },
    {
      id: 'notifications',
      title: 'Notifications',
      description: 'Which notifications you get, and which by email.',
      content: <NotificationPreferences />,
    },
  ];

  return (
    <>
      <PageHeader title="Profile" description="Your profile and account settings." />
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <nav
          aria-label="Settings sections"
          className="sticky top-16 z-10 -mx-4 mb-6 bg-zinc-50/95 px-4 py-2 backdrop-blur lg:top-24 lg:mx-0 lg:self-start lg:bg-transparent lg:p-0 dark:bg-zinc-950/95 lg:dark:bg-transparent"
        >
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {sections.map((s) => (
              <li key={s.id} className="shrink-0">
                <a
                  href={`#${s.id}`}
                  className="block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-zinc-700 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-8">
          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-32">
              <Card className="p-4 sm:p-6">
                <h2 id={`${s.id}-title`} className="text-lg font-semibold text-zinc-900 dark:text-white">
                  {s.title}
                </h2>
                {s.description ? (
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{s.description}</p>
                ) : null}
                <div className="mt-5">{s.content}</div>
              </Card>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** The account as it is: what the profile form does not edit. */
function AccountDetails() {
  const { data: user } = useUser();
  if (!user) return null;
  const rows: Array<[string, string]> = [
    ['Username', user.username],
    ['Email', user.email],
    ['Role', ROLE_LABELS[user.role]],
    ['Member since', formatDate(user.createdAt)],
  ];
  return (
    <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="text-sm break-words text-zinc-900 sm:col-span-2 dark:text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
