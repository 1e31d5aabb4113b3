import { useEffect } from 'react';
import { TAGLINE } from './brand';

/**
 * Names the browser tab after the page. Set directly rather than with React 19's <title>, which
 * would sit behind index.html's own <title> and lose to it.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · ${TAGLINE}`;
  }, [title]);
  return null;
}
