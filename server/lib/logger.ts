import pino, { type Logger } from 'pino';

/** Query parameters whose values are secrets (mail links carry them). */
const SECRET_PARAMS = /([?&](?:token|session_id|code|password)=)[^&]*/gi;

export function maskUrl(url: string): string {
  // Most URLs have no query: no regular expression for them, on every logged request.
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[masked]') : url;
}

export interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

/**
 * The request as its log line shows it: method, masked URL and address, read straight off the
 * request. Headers are never copied (they would carry the cookie), so nothing needs redacting.
 */
export function serializeRequest(req: LoggedRequest) {
  return { method: req.method, url: maskUrl(req.url), ip: req.ip };
}

export interface LoggerOptions {
  level: string;
  /** A file path or descriptor; standard output by default. */
  destination?: string | number;
}

export interface AppLogs {
  logger: Logger;
  /** Writes out every queued line, then closes the destination: the last thing before exit. */
  close(): Promise<void>;
}

/** Lines are written once this many bytes wait, or at the latest after FLUSH_MS. */
const BATCH_BYTES = 4_096;
const FLUSH_MS = 1_000;

/**
 * The app's logger. Lines go out through pino's asynchronous destination: a request queues its
 * lines and they are written in batches of about 4 KB (at most a second late), instead of one
 * write(2) whenever the last one is done: at info on the cheapest route those writes cost a twentieth of
 * the process (decision 087). main.ts closes it (all lines written) after a graceful close; at
 * any other exit pino writes what is queued synchronously on `exit`. Only a kill -9 can lose
 * lines, at most the last second's.
 */
export function createLogs({ level, destination = 1 }: LoggerOptions): AppLogs {
  const stream = pino.destination({
    dest: destination,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_MS,
  });
  const logger = pino(
    {
      level,
      // Objects logged with an error or a body never show a password or a token.
      redact: { paths: ['*.password', '*.token'], censor: '[masked]' },
      serializers: { req: serializeRequest },
    },
    stream,
  );
  return {
    logger,
    close: () =>
      new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.end();
      }),
  };
}
