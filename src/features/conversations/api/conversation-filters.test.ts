import { describe, expect, it } from 'vitest';
import { toConversationArgs } from './conversation-filters.ts';

const none = { provider: '', customer: '', status: '', time: 'all' };

describe('conversation filters', () => {
  it('sends nothing for the defaults', () => {
    expect(toConversationArgs(none)).toEqual({});
  });

  it('maps names, status and time ("today" = since midnight in Vietnam)', () => {
    const now = new Date('2026-11-22T03:00:00Z'); // 10:00 in Vietnam
    expect(toConversationArgs({ provider: ' An ', customer: 'Bình', status: 'completed', time: 'today' }, now)).toEqual({
      p_provider_name: 'An',
      p_customer_name: 'Bình',
      p_status: 'completed',
      p_since: '2026-11-21T17:00:00.000Z',
    });
    expect(toConversationArgs({ ...none, time: '7d', status: 'nope' }, now)).toEqual({
      p_since: '2026-11-15T03:00:00.000Z',
    });
  });
});
