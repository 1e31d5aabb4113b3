import {
  ArrowRight,
  Bell,
  BookOpen,
  Briefcase,
  MessagesSquare,
  Sparkles,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TAGLINE } from '#client/components/brand';
import { useUser } from '#client/features/accounts';
import { DocumentTitle } from '#client/components/document-title';
import { HomeCourses } from '#client/features/courses';

/** A day: an account this new is greeted, not welcomed back. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

interface Area {
  to: string;
  title: string;
  line: string;
  icon: LucideIcon;
}

const AREAS: readonly Area[] = [
  { to: '/courses', title: 'Courses', line: 'Learn new skills from tutors and earn certificates.', icon: BookOpen },
  { to: '/jobs', title: 'Jobs', line: 'Find roles that fit your skills and track your applications.', icon: Briefcase },
  {
    to: '/talent',
    title: 'Talent & gigs',
    line: 'Showcase your work, hire talent and bid on paid gigs.',
    icon: Sparkles,
  },
  { to: '/mentorship', title: 'Mentorship', line: 'Grow with a mentor, or share what you know as one.', icon: Users },
  { to: '/chat', title: 'Chat', line: 'Talk one to one with mentors, employers and clients.', icon: MessagesSquare },
  {
    to: '/notifications',
    title: 'Notifications',
    line: 'Catch up on everything that happened while you were away.',
    icon: Bell,
  },
  { to: '/profile', title: 'Profile', line: 'Your account details and how others see you.', icon: UserRound },
];

export function HomePage() {
  const { data: user } = useUser();
  // The page's first render decides: the greeting does not change while it is open.
  const [openedAt] = useState(() => Date.now());
  const isNew = user ? openedAt - Date.parse(user.createdAt) < NEW_ACCOUNT_MS : false;
  return (
    <>
      <DocumentTitle title="Home" />
      <section className="mb-8 space-y-1">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{TAGLINE}</p>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
          {isNew ? 'Welcome' : 'Welcome back'}, {user?.fullName}
        </h1>
        <p className="text-zinc-600 dark:text-zinc-400">Where would you like to go today?</p>
      </section>
      <HomeCourses />
      <h2 className="mb-3 text-lg font-semibold">Explore</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {AREAS.map(({ to, title, line, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 font-semibold text-zinc-900 dark:text-white">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-zinc-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-600 dark:group-hover:text-indigo-400"
                  />
                </span>
                <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{line}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
