import { describe, expect, it } from 'vitest';
import { topicKey, Topics, type TopicMember } from './topics.ts';

class Member implements TopicMember {
  readonly received: [string, Record<string, unknown>][] = [];
  constructor(
    readonly topicKey: string,
    readonly presenceKey: string,
    private readonly readsPresence = true,
  ) {}
  canReadBroadcast(): boolean {
    return true;
  }
  canReadPresence(): boolean {
    return this.readsPresence;
  }
  pushEvent(event: string, payload: Record<string, unknown>): void {
    this.received.push([event, payload]);
  }
}

describe('presence of a topic', () => {
  const key = topicKey('lobby', false);

  it('diffs a track to every member allowed to read presence, the tracker included', () => {
    const topics = new Topics<Member>();
    const a = new Member(key, 'a');
    const b = new Member(key, 'b');
    const blind = new Member(key, 'c', false);
    const elsewhere = new Member(topicKey('lobby', true), 'd');
    for (const m of [a, b, blind, elsewhere]) topics.add(m);
    expect(topics.track(a, { online: true })).toBe(true);
    const ref = topics.presenceState(b).a!.metas[0]!.phx_ref;
    expect(a.received).toEqual([['presence_diff', { joins: { a: { metas: [{ online: true, phx_ref: ref }] } }, leaves: {} }]]);
    expect(b.received).toEqual(a.received);
    expect(blind.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it('replaces a meta (new in joins with phx_ref_prev, old in leaves), ignores the same payload, and leaves on untrack or removal', () => {
    const topics = new Topics<Member>();
    const a = new Member(key, 'a');
    const b = new Member(key, 'b');
    topics.add(a);
    topics.add(b);
    topics.track(a, { status: 'online' });
    const first = topics.presenceState(b).a!.metas[0]!;
    topics.track(a, { status: 'typing' });
    const second = topics.presenceState(b).a!.metas[0]!;
    expect(b.received[1]).toEqual([
      'presence_diff',
      { joins: { a: { metas: [{ status: 'typing', phx_ref: second.phx_ref, phx_ref_prev: first.phx_ref }] } }, leaves: { a: { metas: [first] } } },
    ]);
    expect(topics.track(a, { status: 'typing' })).toBe(false);
    expect(b.received).toHaveLength(2);

    topics.untrack(a);
    expect(b.received[2]).toEqual(['presence_diff', { joins: {}, leaves: { a: { metas: [second] } } }]);
    expect(topics.presenceState(b)).toEqual({});

    topics.track(b, { here: 1 });
    topics.remove(b);
    expect(a.received.at(-1)).toEqual(['presence_diff', { joins: {}, leaves: { b: { metas: [expect.objectContaining({ here: 1 })] } } }]);
    expect(topics.isTracked(b)).toBe(false);
    expect([...topics.members(key)]).toEqual([a]);
  });
});
