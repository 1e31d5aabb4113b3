import { afterEach, vi } from 'vitest';

// Component tests run beside the integration suite on two cores in CI; a screen that takes longer than the
// library's one-second default to settle there is slow, not broken. Only jsdom files load the library.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  // Each component test starts on an empty page with the real `fetch`, whatever the one before it stubbed.
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
