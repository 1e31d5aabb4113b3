import type { FastifyInstance } from 'fastify';

export interface ListedRoute {
  method: string;
  url: string;
}

/**
 * Every route the app serves, read from Fastify's own route tree (`printRoutes`), so that routes
 * hidden from the API document are listed too. HEAD twins of GET routes are left out.
 */
export function routeList(app: FastifyInstance): ListedRoute[] {
  const stack: string[] = [];
  const routes: ListedRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    const methods = match[3]?.split(', ').filter((m) => m !== 'HEAD') ?? [];
    const url = stack.join('');
    for (const method of methods) routes.push({ method, url });
  }
  return routes;
}
