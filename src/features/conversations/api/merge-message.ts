// A message row and how live events merge into the cached list (ascending time, no duplicates).

export interface MessageRow {
  id: string;
  conversation_id: string;
  booking_id: string;
  sender_id: string | null;
  type: 'text' | 'image';
  content: string;
  created_at: string;
  is_read: boolean;
  read_at: string | null;
}

/** Inserts or replaces a message in a list kept in ascending time order. */
export function mergeMessage(list: readonly MessageRow[], message: MessageRow): MessageRow[] {
  const without = list.filter((item) => item.id !== message.id);
  const next = [...without, message];
  next.sort((a, b) => (a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1));
  return next;
}
