import * as Dialog from '@radix-ui/react-dialog';
import { Circle, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TOP_NAV } from '#shared/navigation';
import { Brand } from '#client/components/brand';
import { ChatMenuLink } from '#client/features/chat';
import { buttonClasses } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { NAV_ICONS } from './nav-icons';
import { ShellNavLink } from './nav-link';

/** Below 768 px the top navigation moves into this drawer (docs/spec.md §2). */
export function SideMenu({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses('ghost', 'icon', '-ml-2 md:hidden')} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="side-menu"
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col border-r border-zinc-200 bg-white p-4 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">
              <span className="sr-only">Menu</span>
              <Brand taglineClassName="text-sm" />
            </Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon', '-mr-2')} aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Main navigation</Dialog.Description>
          <nav aria-label="Main">
            <ul className="space-y-1">
              {TOP_NAV.map((item) => {
                const Icon = NAV_ICONS[item.label] ?? Circle;
                return (
                  <li key={item.to}>
                    <ShellNavLink
                      to={item.to}
                      onNavigate={close}
                      className={(active) =>
                        cn(
                          'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                          active
                            ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
                            : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                        )
                      }
                    >
                      {() => (
                        <>
                          <Icon aria-hidden="true" className="size-5" />
                          {item.label}
                        </>
                      )}
                    </ShellNavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          {signedIn ? <ChatMenuLink onNavigate={close} className="mt-4" /> : null}
          {signedIn ? null : (
            <Link to="/auth" onClick={close} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
              Login
            </Link>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
