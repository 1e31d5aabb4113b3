/**
 * `load`, asked at most once per `maxAgeMs`: a caller within that time gets the last answer as a
 * plain value, and callers while a load runs share its promise. What probes call (health,
 * readiness) goes through this, so that a flood of probes never becomes a flood of queries.
 */
// The default clock reads Date.now at each call, so that a test's fake Date moves it.
export function freshWithin<T>(maxAgeMs: number, load: () => Promise<T>, clock: () => number = () => Date.now()) {
  let last: { at: number; value: T } | undefined;
  let inFlight: Promise<T> | undefined;
  return (): T | Promise<T> => {
    if (last && clock() - last.at < maxAgeMs) return last.value;
    inFlight ??= load()
      .then((value) => {
        last = { at: clock(), value };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
