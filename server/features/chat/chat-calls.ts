import type { CallsService } from '../calls';
import type { ChatService } from './chat.service';

/** "Video call, 12 min" (under a minute says so), or a missed call: the line a call leaves in its conversation. */
export function callLine(durationSeconds: number | null): string {
  if (durationSeconds === null) return 'Missed video call';
  if (durationSeconds < 60) return 'Video call, under 1 min';
  return `Video call, ${Math.round(durationSeconds / 60)} min`;
}

/**
 * "Call" in a conversation (decision 022): the call is between the conversation's two members,
 * refused while either blocks the other, and its end leaves a line in the conversation.
 */
export function registerConversationCalls(calls: CallsService, chat: ChatService): void {
  calls.registerSource('conversation', async (conversationId, viewerId, tx) => {
    const members = await chat.membersOf(conversationId, tx);
    if (!members || !members.includes(viewerId)) return null;
    if (await chat.isBlocked(members[0], members[1], tx)) return null;
    return { memberIds: members };
  });
  calls.onEnded(async (event, tx) => {
    if (event.source.kind !== 'conversation') return;
    await chat.addSystemLine(event.source.id, 'call', callLine(event.durationSeconds), tx);
  });
}
