import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface AuthTab<T extends string> {
  value: T;
  label: string;
  panel: ReactNode;
}

/**
 * The Login / Register switch: WAI-ARIA's tabs pattern with automatic activation, as Radix Tabs
 * drew it before (same roles, `data-state`, arrow keys, Home and End, one tab stop). Radix Tabs
 * with its roving-focus and presence helpers was 9 KB brotli before the form a visitor came for
 * (decision 083); the other screens that use tabs keep Radix.
 */
export function AuthTabs<T extends string>({
  value,
  onValueChange,
  label,
  tabs,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  value: T;
  onValueChange: (value: T) => void;
  label: string;
  tabs: ReadonlyArray<AuthTab<T>>;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const id = (kind: 'tab' | 'panel', v: T) => `auth-${kind}-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const target = tabs[next]!.value;
    onValueChange(target);
    list.current?.querySelector<HTMLButtonElement>(`#${id('tab', target)}`)?.focus();
  };

  const active = tabs.find((t) => t.value === value);
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName}
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => {
          const selected = t.value === value;
          return (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={id('tab', t.value)}
              aria-selected={selected}
              aria-controls={id('panel', t.value)}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              className={tabClassName}
              onClick={() => onValueChange(t.value)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div
          key={active.value}
          role="tabpanel"
          id={id('panel', active.value)}
          aria-labelledby={id('tab', active.value)}
          data-state="active"
          tabIndex={0}
          className={panelClassName}
        >
          {active.panel}
        </div>
      ) : null}
    </div>
  );
}
