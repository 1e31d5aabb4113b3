import * as Tabs from '@radix-ui/react-tabs';
import { BellOff, CheckCheck, PartyPopper, Settings } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationList } from './notification-list';

type Filter = 'all' | 'unread';

const tabClass = cn(
  'rounded-md px-3 py-1.5 text-sm font-medium text-zinc-600 outline-none dark:text-zinc-400',
  'hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white dark:focus-visible:outline-indigo-400',
  'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:data-[state=active]:bg-zinc-700 dark:data-[state=active]:text-white',
);

/** /notifications: every notification, 20 at a time, filtered all or unread (kept in the URL). */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const filter: Filter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const { data: unread = 0, isPending } = useUnreadCount();
  const markAll = useMarkAllRead();

  const setFilter = (value: string) =>
    setParams(value === 'unread' ? { filter: 'unread' } : {}, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title="Notifications"
        description={isPending ? 'Everything that happened while you were away.' : unreadSummary(unread)}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to="/profile#notifications"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              <Settings aria-hidden="true" className="size-4" />
              Email settings
            </Link>
            <Button
              variant="outline"
              disabled={unread === 0}
              loading={markAll.isPending}
              loadingText="Marking…"
              onClick={() => markAll.mutate()}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </Button>
          </div>
        }
      />
      <Tabs.Root value={filter} onValueChange={setFilter}>
        <Tabs.List aria-label="Show" className="mb-4 inline-flex gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
          <Tabs.Trigger value="all" className={tabClass}>
            All
          </Tabs.Trigger>
          <Tabs.Trigger value="unread" className={tabClass}>
            Unread{unread > 0 ? ` (${unread})` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="all" className="outline-none">
          <NotificationList
            unread={false}
            loading={<PageSpinner label="Loading notifications…" className="min-h-48" />}
            empty={{
              icon: BellOff,
              title: 'No notifications yet',
              text: 'Course updates, payments, messages and news from the team will show up here.',
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="unread" className="outline-none">
          <NotificationList
            unread
            loading={<PageSpinner label="Loading notifications…" className="min-h-48" />}
            empty={{
              icon: PartyPopper,
              title: 'You are all caught up',
              text: 'You have no unread notifications.',
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function unreadSummary(count: number): string {
  if (count === 0) return 'You have no unread notifications.';
  return count === 1 ? 'You have 1 unread notification.' : `You have ${count} unread notifications.`;
}
