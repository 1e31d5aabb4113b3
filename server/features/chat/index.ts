import { defineModule } from '#server/platform/module';
import { registerConversationCalls } from './chat-calls';
import type { ChatContextRule } from './chat-contexts';
import { registerChatRealtime } from './chat-realtime';
import { memberReportKind, messageReportKind } from './chat-reports';
import { createChatSafety, type ChatSafety } from './chat-safety';
import { registerChatJobs } from './chat.queue';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatService } from './chat.service';

declare module '../../platform/module' {
  interface ModuleMap {
    chat: { chat: ChatService; chatSafety: ChatSafety };
  }
  interface Contributions {
    /** What a conversation may be about besides a profile (a gig, a job), and who takes part in it. */
    chatContexts?: ChatContextRule[];
  }
}

export const chatModule = defineModule({
  name: 'chat',
  needs: ['accounts', 'notifications', 'uploads', 'calls'],
  about:
    'One-to-one conversations: messages, attachments, receipts, typing, presence, blocks; calls from a conversation.',
  build: (p, { accounts, notifications, uploads }) => ({
    chat: createChatService({
      db: p.db,
      accounts,
      realtime: p.realtime,
      notifications,
      uploads,
      jobs: p.queue,
      now: p.now,
    }),
    chatSafety: createChatSafety({ db: p.db, accounts, realtime: p.realtime, now: p.now }),
  }),
  accepts: { chatContexts: ({ chat }, rules) => rules.forEach((r) => chat.addContextRule(r)) },
  plug: ({ chat }, { calls }, p) => {
    registerChatRealtime(p.realtime, chat);
    registerConversationCalls(calls, chat);
  },
  contributes: ({ chat, chatSafety }, { accounts }, p) => ({
    // Chat attachments: the two members read them; a message that links one keeps it.
    uploadAccess: {
      readers: [(user, id) => chat.mayReadUpload(user, id)],
      referrers: [(ids, tx) => chat.uploadsInUse(ids, tx)],
    },
    reportKinds: [messageReportKind(p.db, accounts), memberReportKind(p.db, accounts)],
    privacy: {
      exporters: { chat: (userId, tx) => chatSafety.exportChat(userId, tx) },
      erasers: { chat: (userId, tx) => chatSafety.eraseChat(userId, tx) },
    },
  }),
  queue: (jobs, { chat }) => registerChatJobs(jobs, chat),
  routes: (s) => [(app) => chatRoutes(app, s)],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type ChatService } from './chat.service';
export { type ChatContextRule } from './chat-contexts';
