import { describe, expect, it } from 'vitest';
import { mergeMessage, type MessageRow } from './merge-message.ts';

function message(id: string, created_at: string, content = id): MessageRow {
  return {
    id,
    conversation_id: 'c',
    booking_id: 'b',
    sender_id: null,
    type: 'text',
    content,
    created_at,
    is_read: false,
    read_at: null,
  };
}

describe('mergeMessage', () => {
  it('appends new messages in time order', () => {
    const list = [message('a', '2026-11-22T01:00:00Z'), message('c', '2026-11-22T03:00:00Z')];
    expect(mergeMessage(list, message('b', '2026-11-22T02:00:00Z')).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces a message it already has (no duplicate when a live event repeats a fetched row)', () => {
    const list = [message('a', '2026-11-22T01:00:00Z', 'cũ')];
    const merged = mergeMessage(list, { ...message('a', '2026-11-22T01:00:00Z', 'cũ'), is_read: true, read_at: '2026-11-22T05:00:00Z' });
    expect(merged).toHaveLength(1);
    expect(merged[0]?.is_read).toBe(true);
  });
});
