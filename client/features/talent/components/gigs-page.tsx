import { Briefcase } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BID_STATUS_LABELS, GIG_STATUS_LABELS } from '#shared/talent/gig-machine';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { PageSpinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useGigs, useMyBids, useMyGigs, useMyInvitations } from '../api/get-gigs';
import { money } from '../format';
import { GigCard } from './gig-card';
import { Invitations } from './invitations';

// Only the "Post a gig" tab shows it: its form library, file upload and skills picker stay off the
// page a member opens to browse (decision 089).
const GigForm = lazy(() => import('./gig-form').then((m) => ({ default: m.GigForm })));

const TABS = [
  { id: 'browse', label: 'Browse' },
  { id: 'post', label: 'Post a gig' },
  { id: 'mine', label: 'My gigs' },
  { id: 'bids', label: 'My bids' },
  { id: 'invitations', label: 'Invitations' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** /gigs: browse open gigs, post one, and follow the gigs and bids that are yours. */
export function GigsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as Tab) : 'browse';
  // The badge: invitations waiting for a bid (a `data:updated` event refreshes it when one arrives).
  const waiting = useMyInvitations().data?.invitations.length ?? 0;
  const select = (id: Tab) => setParams(id === 'browse' ? {} : { tab: id }, { replace: true });
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKey(e: KeyboardEvent) {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i - 1 + TABS.length) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    select(TABS[next]!.id);
    document.getElementById(`gigs-tab-${TABS[next]!.id}`)?.focus();
  }
  return (
    <section aria-labelledby="gigs-title" className="mx-auto max-w-4xl space-y-6">
      <DocumentTitle title="Gigs" />
      <div>
        <h1 id="gigs-title" className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
          Gigs
        </h1>
        <p className="text-zinc-600 dark:text-zinc-400">Paid work you can bid on, and work you can post.</p>
      </div>
      <div
        role="tablist"
        aria-label="Gigs"
        className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800"
        onKeyDown={onKey}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`gigs-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="gigs-panel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={cn(
              // relative: the badge's sr-only text is placed against the tab, not past the scrolled row's end.
              'relative -mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              tab === t.id
                ? 'border-indigo-600 text-indigo-700 dark:text-indigo-300'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
            )}
          >
            {t.label}
            {t.id === 'invitations' && waiting > 0 ? (
              <span
                className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white"
                data-testid="invitations-badge"
              >
                {waiting}
                <span className="sr-only"> waiting</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id="gigs-panel" role="tabpanel" aria-labelledby={`gigs-tab-${tab}`}>
        {tab === 'browse' ? (
          <Browse />
        ) : tab === 'post' ? (
          <Suspense fallback={<PageSpinner label="Loading the form…" />}>
            <GigForm />
          </Suspense>
        ) : tab === 'mine' ? (
          <MyGigs />
        ) : tab === 'bids' ? (
          <MyBids />
        ) : (
          <Invitations empty={(text) => <Empty>{text}</Empty>} />
        )}
      </div>
    </section>
  );
}

function Browse() {
  const [q, setQ] = useState('');
  const { data, isPending, isRefetching, refetch } = useGigs({ q: q.trim() || undefined });
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="space-y-1.5">
        <Label htmlFor="gigs-q">Search gigs</Label>
        <Input
          id="gigs-q"
          name="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Logo, website, spreadsheet…"
        />
      </form>
      {isPending ? (
        <PageSpinner label="Loading gigs…" />
      ) : !data ? (
        <LoadFailedCard what="gigs" retrying={isRefetching} onRetry={() => void refetch()} />
      ) : data.gigs.length === 0 ? (
        <Empty>No open gigs match yet.</Empty>
      ) : (
        <GigList label="Open gigs" gigs={data.gigs} />
      )}
    </div>
  );
}

function MyGigs() {
  const { data, isPending, isRefetching, refetch } = useMyGigs();
  if (isPending) return <PageSpinner label="Loading your gigs…" />;
  if (!data) return <LoadFailedCard what="your gigs" retrying={isRefetching} onRetry={() => void refetch()} />;
  if (data.gigs.length === 0) return <Empty>Gigs you post or are hired for show here.</Empty>;
  return <GigList label="My gigs" gigs={data.gigs} />;
}

/** Gig cards under a heading of their own: the cards' titles are h3s, and the outline stays in order for screen readers. */
function GigList({ label, gigs }: { label: string; gigs: Array<Parameters<typeof GigCard>[0]['gig']> }) {
  return (
    <>
      <h2 className="sr-only">{label}</h2>
      <ul className="space-y-3" aria-label={label}>
        {gigs.map((g) => (
          <li key={g.id}>
            <GigCard gig={g} />
          </li>
        ))}
      </ul>
    </>
  );
}

function MyBids() {
  const { data, isPending, isRefetching, refetch } = useMyBids();
  if (isPending) return <PageSpinner label="Loading your bids…" />;
  if (!data) return <LoadFailedCard what="your bids" retrying={isRefetching} onRetry={() => void refetch()} />;
  if (data.bids.length === 0) return <Empty>Bids you place show here.</Empty>;
  return (
    <ul className="space-y-3" aria-label="My bids">
      {data.bids.map((b) => (
        <li key={b.id}>
          <Card className="flex flex-wrap items-center justify-between gap-2 p-4" data-testid="my-bid">
            <div className="min-w-0">
              <Link
                to={`/gigs/${b.gig.id}`}
                className="font-medium break-words text-zinc-900 hover:underline dark:text-white"
              >
                {b.gig.title}
              </Link>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {money(b.amount, b.currency)} in {b.deliveryDays} {b.deliveryDays === 1 ? 'day' : 'days'} · gig{' '}
                {GIG_STATUS_LABELS[b.gig.status].toLowerCase()}
              </p>
            </div>
            <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {BID_STATUS_LABELS[b.status]}
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 p-8 text-center text-zinc-600 dark:text-zinc-400">
      <Briefcase aria-hidden="true" className="size-8" />
      <p>{children}</p>
    </Card>
  );
}
