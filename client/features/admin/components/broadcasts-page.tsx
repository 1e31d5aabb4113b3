import { BroadcastForm } from './broadcast-form';
import { ConsoleHeading } from './console-bits';
import { RecentBroadcasts } from './recent-broadcasts';

/** /admin/dashboard/broadcasts: the broadcast form and its history. */
export function BroadcastsPage() {
  return (
    <div>
      <ConsoleHeading
        title="Broadcasts"
        description="Send an announcement or a system update to everyone or to the members of some roles."
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BroadcastForm />
        <RecentBroadcasts />
      </div>
    </div>
  );
}
