import { BroadcastForm } from './broadcast-form';
import { ConsoleHeading } from './console-bits';
import { RecentBroadcasts } from './recent-broadcasts';

/** /admin/dashboard/broadcasts: the broadcast form and its history. */
export function BroadcastsPage() {
  return (
    <div>
      <ConsoleHeading title="Broadcasts" description="Send an announcement to everyone or to one role." />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BroadcastForm />
        <RecentBroadcasts />
      </div>
    </div>
  );
}
