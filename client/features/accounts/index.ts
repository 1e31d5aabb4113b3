// The accounts feature's public surface: the signed-in user, for every other feature and the app.
export { clearSession, setSessionUser, userQueryKey, userQueryOptions, useUser, useUserPolling } from './api/get-user';
export { useAcceptConsents } from './api/accept-consents';
