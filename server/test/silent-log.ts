/** A logger that says nothing, for code under test that wants one. */
export const silentLog = {
  info() {},
  error() {},
  warn() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silentLog,
  level: 'silent',
} as never;
