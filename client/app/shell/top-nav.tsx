import { TOP_NAV } from '#shared/navigation';
import { cn } from '#client/lib/cn';
import { ShellNavLink } from './nav-link';

/** From 768 px up; below that the same links live in the side menu. */
export function TopNav() {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {TOP_NAV.map((item) => (
          <li key={item.to}>
            <ShellNavLink
              to={item.to}
              className={(active) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
                    : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white',
                )
              }
            >
              {() => item.label}
            </ShellNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
