import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isNavActive } from '#shared/navigation';

/** A nav link that marks itself with aria-current by the spec's "starts with" rule. */
export function ShellNavLink({
  to,
  children,
  className,
  onNavigate,
}: {
  to: string;
  children: (active: boolean) => ReactNode;
  className: (active: boolean) => string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isNavActive(pathname, to);
  return (
    <Link to={to} aria-current={active ? 'page' : undefined} className={className(active)} onClick={onNavigate}>
      {children(active)}
    </Link>
  );
}
