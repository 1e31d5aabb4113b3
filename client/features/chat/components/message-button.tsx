import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TChatContext } from '#shared/chat/chat.schemas';
import { Button, type ButtonVariant } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { startConversation } from '../api/chat-mutations';

/**
 * "Message" on a profile, an application, a bid or a subscription: opens the pair's conversation
 * (made on first use), with where it started as the conversation's context chip.
 */
export function MessageButton({
  userId,
  context,
  variant = 'outline',
  label = 'Message',
}: {
  userId: string;
  context?: TChatContext;
  variant?: ButtonVariant;
  label?: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      const c = await startConversation(userId, context);
      void navigate(`/chat/${c.id}`);
    } catch (err) {
      toast({ title: err instanceof Error ? err.message : 'Could not open the conversation.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={variant} loading={busy} onClick={() => void open()} data-testid="message-button">
      <MessageSquare aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
