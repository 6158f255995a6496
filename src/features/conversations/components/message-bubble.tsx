// One chat message: sender, time, text (rendered as text, never as HTML) or image (a thumbnail
// resized by Storage, linking to the original; only a Storage path inside the conversation's folder
// is shown as an image, anything else as plain text, never loaded or linked),
// and the read marker with the read time.
import clsx from 'clsx';
import { CheckCheck, Check } from 'lucide-react';
import { formatDateTime } from '@/lib/format/format.ts';
import { conversations as t } from '@/lib/messages/conversations.ts';
import { isConversationImagePath } from '@/features/conversations/api/message-image-path.ts';
import { useMessageImageUrl } from '@/features/conversations/api/message-image-url-query.ts';
import type { MessageRow } from '@/features/conversations/api/messages-query.ts';

function MessageImage({ path, sender }: { path: string; sender: string }) {
  const url = useMessageImageUrl(path);
  if (url.isPending) return <div className="h-40 w-56 animate-pulse rounded bg-slate-200" aria-hidden="true" />;
  if (url.error) return <p className="text-sm text-red-700">{t.detail.imageUnavailable}</p>;
  return (
    <a href={url.data.original} target="_blank" rel="noopener noreferrer" className="block">
      <img src={url.data.thumbnail} alt={t.detail.image(sender)} className="max-h-64 max-w-xs rounded border border-slate-200 object-contain" loading="lazy" />
    </a>
  );
}

export interface MessageBubbleProps {
  message: MessageRow;
  senderName: string;
  senderRole: string;
  /** Provider messages sit on the right, customer messages on the left. */
  alignEnd: boolean;
}

export function MessageBubble({ message, senderName, senderRole, alignEnd }: MessageBubbleProps) {
  return (
    <li className={clsx('flex', alignEnd ? 'justify-end' : 'justify-start')} data-testid="message">
      <article
        className={clsx(
          'max-w-[80%] rounded-lg border px-3 py-2 shadow-sm',
          alignEnd ? 'border-teal-200 bg-teal-50' : 'border-slate-200 bg-white',
        )}
        aria-label={`${senderName}, ${formatDateTime(message.created_at)}`}
      >
        <header className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
          <span className="font-semibold text-slate-900">{senderName}</span>
          <span>{senderRole}</span>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </header>
        {message.type === 'image' && isConversationImagePath(message.content, message.conversation_id) ? (
          <MessageImage path={message.content} sender={senderName} />
        ) : message.type === 'image' ? (
          <p className="text-sm break-all text-slate-700">
            <span className="block text-red-700">{t.detail.imageUnavailable}</span>
            {message.content}
          </p>
        ) : (
          <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{message.content}</p>
        )}
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          {message.is_read ? (
            <>
              <CheckCheck className="size-3.5 text-teal-700" aria-hidden="true" />
              {t.detail.read(message.read_at ? formatDateTime(message.read_at) : '—')}
            </>
          ) : (
            <>
              <Check className="size-3.5" aria-hidden="true" />
              {t.detail.unread}
            </>
          )}
        </p>
      </article>
    </li>
  );
}
