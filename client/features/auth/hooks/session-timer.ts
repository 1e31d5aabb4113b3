import { SESSION_EXTEND_DEBOUNCE_MS, SESSION_EXTEND_MIN_INTERVAL_MS, SESSION_WARNING_MINUTES } from '#shared/constants';

export const SESSION_WARNING_MS = SESSION_WARNING_MINUTES * 60_000;

export interface SessionTimerOptions {
  /** Calls the server; resolves when the session has been slid forward. */
  extend: () => Promise<unknown>;
  /** docs/spec.md §9: 330 minutes after the last extension or login. */
  onWarning: () => void;
  /**
   * When the session was last known to be fresh (a login in this page). Unknown after a page
   * load, so the first burst of activity extends at once.
   */
  freshAt?: number;
  now?: () => number;
}

export interface SessionTimer {
  /** Any sign of a person at the keyboard. */
  activity(): void;
  dispose(): void;
}

/**
 * Keeps a session alive while someone is using the page: activity is debounced (1 s), and the
 * server is asked at most once per 300 s. Plain setTimeout and Date.now, so a test clock (vitest,
 * Playwright's page.clock) drives it.
 */
export function createSessionTimer({ extend, onWarning, freshAt, now = Date.now }: SessionTimerOptions): SessionTimer {
  let lastExtendedAt = freshAt ?? Number.NEGATIVE_INFINITY;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let warning: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let disposed = false;

  function scheduleWarning(from: number) {
    clearTimeout(warning);
    warning = setTimeout(onWarning, Math.max(0, from + SESSION_WARNING_MS - now()));
  }

  function maybeExtend() {
    debounce = undefined;
    if (disposed || inFlight || now() - lastExtendedAt < SESSION_EXTEND_MIN_INTERVAL_MS) return;
    inFlight = true;
    const startedAt = now();
    extend().then(
      () => {
        inFlight = false;
        if (disposed) return;
        lastExtendedAt = startedAt;
        scheduleWarning(startedAt);
      },
      () => {
        // Let the next activity try again; an ended session is caught by the user poll.
        inFlight = false;
      },
    );
  }

  scheduleWarning(freshAt ?? now());

  return {
    activity() {
      if (disposed) return;
      clearTimeout(debounce);
      debounce = setTimeout(maybeExtend, SESSION_EXTEND_DEBOUNCE_MS);
    },
    dispose() {
      disposed = true;
      clearTimeout(debounce);
      clearTimeout(warning);
    },
  };
}
