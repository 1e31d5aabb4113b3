/**
 * A package loaded on first use instead of at start-up (decision 084): the PDF, image, mail,
 * payment, Redis and S3 libraries took about half of the server's start when imported eagerly,
 * though many processes never use some of them. The import runs once; every caller shares it.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/** `lazy` for a package whose default export is the thing used. */
export function lazyDefault<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  return lazy(async () => (await load()).default);
}
