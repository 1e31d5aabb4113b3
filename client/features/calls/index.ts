// The calls feature's public surface: how another screen (a conversation, a session) starts a call.
export { createCall, videoCallPath } from './api/calls-api';
