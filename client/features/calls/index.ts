// The calls feature's public surface: how another screen (a conversation, a session) starts a call.
export { createCall, videoCallPath } from './api/calls-api';
// Ringing (decision 051): the app's socket binds the ring, the root layout shows the dialog.
export { bindRings } from './ringing/bind-rings';
export { IncomingCallDialog } from './ringing/incoming-call-dialog';
