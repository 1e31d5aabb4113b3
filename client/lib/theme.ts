import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '#shared/constants';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Same rule as the script in index.html, which applies it before the first paint. */
export function applyTheme(theme: Theme = readTheme()) {
  const dark = theme === 'dark' || (theme === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private mode); the choice then lasts for this page only.
  }
  // Without this, every element with a colour transition fades separately: a messy switch.
  const root = document.documentElement;
  root.classList.add('theme-switching');
  applyTheme(theme);
  void root.offsetHeight;
  requestAnimationFrame(() => root.classList.remove('theme-switching'));
  listeners.forEach((l) => l());
}

/** Follows the OS setting while on "system", and choices made in other tabs. Call once. */
export function watchTheme() {
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (readTheme() === 'system') applyTheme('system');
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme();
    listeners.forEach((l) => l());
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => 'system');
}

const CHART_INK = { light: { text: '#52525b', grid: '#e4e4e7' }, dark: { text: '#a1a1aa', grid: '#3f3f46' } };

function subscribeToDarkClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const hasDarkClass = () => document.documentElement.classList.contains('dark');

/** A chart's text and grid colours for the theme the page shows, changing with it: a canvas cannot read CSS. */
export function useChartInk(): { text: string; grid: string } {
  return useSyncExternalStore(subscribeToDarkClass, hasDarkClass, () => false) ? CHART_INK.dark : CHART_INK.light;
}
