// The last-message preview of the conversation list (docs/screens.md#conversations): 30 characters then '…'.
import { conversations as t } from '@/lib/messages/conversations.ts';

export const PREVIEW_LENGTH = 30;

export function previewLastMessage(text: string | null | undefined): string {
  if (text === null || text === undefined || text.trim() === '') return t.noMessages;
  const characters = Array.from(text.trim());
  return characters.length > PREVIEW_LENGTH ? `${characters.slice(0, PREVIEW_LENGTH).join('')}…` : text.trim();
}
