import { describe, expect, it } from 'vitest';
import { previewLastMessage } from './message-preview.ts';
import { conversations as t } from '@/lib/messages/conversations.ts';

describe('last message preview', () => {
  it('says there is no message yet', () => {
    expect(previewLastMessage(null)).toBe(t.noMessages);
    expect(previewLastMessage('   ')).toBe(t.noMessages);
  });

  it('keeps 30 characters and adds an ellipsis', () => {
    expect(previewLastMessage('Anh ơi em tới nơi rồi')).toBe('Anh ơi em tới nơi rồi');
    const exactly30 = 'a'.repeat(30);
    expect(previewLastMessage(exactly30)).toBe(exactly30);
    expect(previewLastMessage('Dạ em sẽ đến lúc 9 giờ sáng mai nhé anh')).toBe('Dạ em sẽ đến lúc 9 giờ sáng ma…');
  });
});
