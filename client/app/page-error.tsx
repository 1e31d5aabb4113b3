import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';

/**
 * What a render error, or a screen that failed to load, shows instead of React Router's default
 * screen: inside the shell for an area's page, on its own when the shell itself failed.
 * In the entry: a chunk that cannot load must not be needed to say so.
 */
export function PageError() {
  return (
    <Card role="alert" data-testid="page-error" className="mx-auto my-8 max-w-md p-6 text-center">
      <h1 className="text-lg font-semibold">Something went wrong on this page</h1>
      <div className="mt-4 flex justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        {/* A full load, not a route change: whatever broke this page is left behind. */}
        <a href="/" className={buttonClasses('outline')}>
          Go home
        </a>
      </div>
    </Card>
  );
}

const RELOADED = 'chunk-reload';

/**
 * A deploy replaced the chunks this page knew: the first failure to load one reloads the page
 * once (the new index.html names the new chunks). A second failure soon after is left to the
 * error element, so a broken network never loops. The guard clears once the page has run a while.
 */
export function reloadOnStaleChunk() {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOADED)) return;
    sessionStorage.setItem(RELOADED, '1');
    event.preventDefault();
    window.location.reload();
  });
  setTimeout(() => sessionStorage.removeItem(RELOADED), 10_000);
}
