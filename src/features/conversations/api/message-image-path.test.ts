import { describe, expect, it } from 'vitest';
import { isConversationImagePath } from './message-image-path.ts';

const conversation = '70000000-0000-4000-8000-000000000003';

describe('isConversationImagePath (docs/product.md#input-rules)', () => {
  it('accepts a file inside the conversation folder', () => {
    expect(isConversationImagePath(`${conversation}/1730000000003-anh-hien-trang.jpg`, conversation)).toBe(true);
  });
  it('refuses URLs, other conversations and paths leaving the folder', () => {
    expect(isConversationImagePath('https://tracker.example/pixel.gif', conversation)).toBe(false);
    expect(isConversationImagePath('70000000-0000-4000-8000-000000000006/a.jpg', conversation)).toBe(false);
    expect(isConversationImagePath(`${conversation}/../x/a.jpg`, conversation)).toBe(false);
    expect(isConversationImagePath(`${conversation}/a/b.jpg`, conversation)).toBe(false);
  });
});
