import { Circle } from 'lucide-react';
import type { TRole } from '#shared/roles';
import { bottomNav } from '#shared/navigation';
import { cn } from '#client/lib/cn';
import { NAV_ICONS } from './nav-icons';
import { ShellNavLink } from './nav-link';

/** Under 768 px, fixed to the bottom; the items depend on the role (docs/spec.md §2). */
export function BottomNav({ role }: { role: TRole }) {
  const items = bottomNav(role);
  return (
    <nav
      aria-label="Bottom"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <ul className="flex">
        {items.map((item) => {
          const Icon = NAV_ICONS[item.label] ?? Circle;
          return (
            <li key={item.to} className="min-w-0 flex-1">
              <ShellNavLink
                to={item.to}
                className={(active) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 px-1 text-[11px] font-medium',
                    active
                      ? 'text-indigo-700 dark:text-indigo-300'
                      : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
                  )
                }
              >
                {(active) => (
                  <>
                    <Icon aria-hidden="true" className="size-5" strokeWidth={active ? 2.4 : 2} />
                    <span className="max-w-full truncate">{item.label}</span>
                  </>
                )}
              </ShellNavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
