// The auth feature's public surface: logging out, keeping the session alive, and where to return after login.
export { useLogout } from './api/logout';
export { useSessionKeepAlive } from './hooks/use-session-keep-alive';
export { returnPath, type ReturnState } from './return-path';
