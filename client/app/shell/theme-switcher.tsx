import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/button';
import { setTheme, THEMES, useTheme, type Theme } from '#client/lib/theme';
import { menuContentClass, menuItemClass } from './menu-styles';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICONS = { light: Sun, dark: Moon, system: Monitor };

/** docs/spec.md §2: light, dark or system, kept in localStorage under "theme". */
export function ThemeSwitcher() {
  const theme = useTheme();
  const Current = ICONS[theme];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="theme-switcher"
        aria-label={`Theme: ${LABELS[theme]}`}
        className={buttonClasses('ghost', 'icon')}
      >
        <Current aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
            {THEMES.map((t) => {
              const Icon = ICONS[t];
              return (
                <DropdownMenu.RadioItem key={t} value={t} className={menuItemClass}>
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="flex-1">{LABELS[t]}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
