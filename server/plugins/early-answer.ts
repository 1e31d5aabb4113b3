import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';

/** Answers a request in node:http's own listener, before Fastify sees it; false passes it on. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The settings Fastify applies to the server it makes, which it leaves to a server factory. */
interface FactoryOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * The one place a request is answered before Fastify's pipeline (routing, request and reply
 * objects, hooks, the child logger): the health probe, which balancers and orchestrators ask
 * every few seconds per process and whose answer is one of two ready strings. GitLab answers its
 * `/-/health` the same way, in a middleware before Rails (decision 088). Everything else goes to
 * Fastify untouched. The answer is set once the app's database exists, after the server is made.
 */
export function earlyAnswers() {
  let answer: EarlyAnswer = () => false;
  return {
    set(next: EarlyAnswer) {
      answer = next;
    },
    /** Fastify's `serverFactory`: its own HTTP/1 server, with the early answer in front. */
    serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, options: unknown): Server {
      const opts = options as FactoryOptions;
      const server = createServer(opts.http ?? {}, (req, res) => {
        if (!answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
  };
}

export type EarlyAnswers = ReturnType<typeof earlyAnswers>;
