// /admin/messages/:bookingId: the booking's conversation, messages in ascending time order with
// sender, time, text or image and read marker; new messages appear live (Supabase Realtime);
// back goes one step back; errors offer a retry; a booking without a conversation says so.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { NotFoundState } from '@/components/ui/detail-states.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { conversations as t } from '@/lib/messages/conversations.ts';
import { useConversationByBooking, type ConversationDetail } from '@/features/conversations/api/conversation-query.ts';
import { useMessages } from '@/features/conversations/api/messages-query.ts';
import { useLiveMessages } from '@/features/conversations/api/messages-subscription.ts';
import { MessageBubble } from '@/features/conversations/components/message-bubble.tsx';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden="true" />} onClick={() => void navigate(-1)}>
      {t.detail.back}
    </Button>
  );
}

function Conversation({ conversation }: { conversation: ConversationDetail }) {
  const messages = useMessages(conversation.id);
  useLiveMessages(conversation.booking_id, conversation.id);
  const endRef = useRef<HTMLLIElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const providerName = conversation.provider_name ?? t.unknown;
  const customerName = conversation.customer_name ?? t.unknown;

  function sender(senderId: string | null): { name: string; role: string; isProvider: boolean } {
    if (senderId !== null && senderId === conversation.provider_id) {
      return { name: providerName, role: t.detail.roleProvider, isProvider: true };
    }
    if (senderId !== null && senderId === conversation.customer_id) {
      return { name: customerName, role: t.detail.roleCustomer, isProvider: false };
    }
    return { name: t.unknown, role: '', isProvider: false };
  }

  return (
    <div>
      <PageHeader
        title={t.detail.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {t.detail.subtitle(providerName, customerName)}
            <StatusBadge entity="conversation" status={conversation.is_active ? 'active' : 'completed'} />
            <Link to={`/admin/bookings/${conversation.booking_id}`} className="text-teal-800 hover:underline">
              {t.detail.bookingLink}
            </Link>
          </span>
        }
        actions={<BackButton />}
      />
      <p className="mb-2 text-xs text-slate-500">{t.detail.live}</p>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        {messages.isPending ? (
          <LoadingState />
        ) : messages.error ? (
          <ErrorState title={t.detail.loadMessagesFailed} error={messages.error} onRetry={() => void messages.refetch()} />
        ) : count === 0 ? (
          <EmptyState title={t.detail.empty} />
        ) : (
          <ol className="space-y-3" aria-label={t.detail.listLabel} aria-live="polite">
            {(messages.data ?? []).map((message) => {
              const who = sender(message.sender_id);
              return (
                <MessageBubble key={message.id} message={message} senderName={who.name} senderRole={who.role} alignEnd={who.isProvider} />
              );
            })}
            <li ref={endRef} aria-hidden="true" />
          </ol>
        )}
      </div>
    </div>
  );
}

export default function MessagesPage() {
  const { bookingId = '' } = useParams();
  const conversation = useConversationByBooking(bookingId);
  if (conversation.isPending) return <LoadingState />;
  if (conversation.error) {
    return (
      <div className="space-y-4">
        <ErrorState title={t.detail.loadConversationFailed} error={conversation.error} onRetry={() => void conversation.refetch()} />
        <BackButton />
      </div>
    );
  }
  if (conversation.data === null) {
    return (
      <NotFoundState title={t.detail.notFound}>
        <BackButton />
      </NotFoundState>
    );
  }
  return <Conversation conversation={conversation.data} />;
}

