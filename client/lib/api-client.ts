import type { TErrorBody } from '#shared/errors';
import { apiUrl } from './env';

/** What an error answer may carry: the shared body, plus `message` on admin login failures. */
export type TApiErrorBody = Partial<TErrorBody> & { message?: string };

/**
 * A non-ok answer. The message is the status code followed by the body text (docs/spec.md §8);
 * the parsed body is kept so forms can show `error` and per-field `fields`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: TApiErrorBody | undefined,
  ) {
    super(`${status}: ${bodyText}`);
  }
}

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a video position saved as the learner leaves). */
  keepalive?: boolean;
  /** Another media type than JSON (a VC-JWT): the answer is then returned as text. */
  accept?: string;
}

export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const hasBody = opts.body !== undefined;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      credentials: 'include',
      headers: {
        Accept: opts.accept ?? 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      },
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (err) {
    // An abort is the caller's own decision (TanStack Query cancels), not a network problem.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }

  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text, parseErrorBody(text));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (opts.accept) return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal });
export const apiGetText = (path: string, accept: string, signal?: AbortSignal) =>
  apiRequest<string>('GET', path, { signal, accept });
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body });
export const apiPut = <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body });
export const apiPatch = <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body });
export const apiDelete = <T>(path: string) => apiRequest<T>('DELETE', path);

function parseErrorBody(text: string): TApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as TApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

/** The human sentence the server put in the body (`error`, or `message` on admin login). */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  return err.body?.error || err.body?.message || undefined;
}

/** Worth one more try: no answer at all, or the server failed (never a 4xx such as a wrong password). */
export function isTransientError(err: unknown): boolean {
  return err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
}

/** An id as one path segment of a request. */
export const encodeId = (id: string) => encodeURIComponent(id);
