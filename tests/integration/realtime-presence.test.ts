// Realtime Presence through @supabase/supabase-js: `track()` / `untrack()` give every subscriber of
// the topic `presence_state` at join and `presence_diff` joins and leaves (Phoenix metas with
// phx_ref), leaving the channel or closing the socket removes the presence, and the raw frames are
// shaped as Realtime sends them.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, anonKey, DEMO_ACCOUNTS, signedInClient } from './helpers.ts';
import { closeClients, rawSocket, replyTo, settled, subscribed, waitFor } from './realtime-helpers.ts';

type Presence = Record<string, unknown> & { presence_ref: string };
interface PresenceEvent {
  event: string;
  key: string;
  newPresences?: Presence[];
  leftPresences?: Presence[];
}

let customer: SupabaseClient;
let visitor: SupabaseClient;
const clients: SupabaseClient[] = [];

function lobby(): string {
  return `lobby-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
}

function watch(client: SupabaseClient, topic: string, key: string): { channel: RealtimeChannel; events: PresenceEvent[] } {
  const events: PresenceEvent[] = [];
  const channel = client
    .channel(topic, { config: { presence: { key } } })
    .on('presence', { event: 'join' }, (payload: PresenceEvent) => events.push(payload))
    .on('presence', { event: 'leave' }, (payload: PresenceEvent) => events.push(payload));
  return { channel, events };
}

beforeAll(async () => {
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  visitor = anonClient();
  clients.push(customer, visitor);
});

afterAll(async () => {
  await closeClients(clients);
});

describe('presence', () => {
  it('tracks, syncs the state to late joiners, and diffs joins and leaves', async () => {
    const topic = lobby();
    const first = watch(customer, topic, 'khach-hang');
    await subscribed(first.channel);
    expect(await first.channel.track({ status: 'online' })).toBe('ok');
    // The tracker receives its own join.
    await waitFor(() => first.events.some((e) => e.event === 'join' && e.key === 'khach-hang'), 'own join');

    const second = watch(visitor, topic, 'khach-vang-lai');
    await subscribed(second.channel);
    // presence_state at join: the late joiner sees who is there.
    await waitFor(() => 'khach-hang' in second.channel.presenceState(), 'state at join');
    expect(second.channel.presenceState()['khach-hang']).toEqual([{ status: 'online', presence_ref: expect.any(String) }]);

    await second.channel.track({ status: 'browsing' });
    await waitFor(() => first.events.some((e) => e.event === 'join' && e.key === 'khach-vang-lai'), 'second join seen by the first');
    const join = first.events.find((e) => e.key === 'khach-vang-lai')!;
    expect(join.newPresences).toEqual([{ status: 'browsing', presence_ref: expect.any(String) }]);
    expect(Object.keys(first.channel.presenceState()).sort()).toEqual(['khach-hang', 'khach-vang-lai']);

    expect(await second.channel.untrack()).toBe('ok');
    await waitFor(() => first.events.some((e) => e.event === 'leave' && e.key === 'khach-vang-lai'), 'leave after untrack');
    expect(Object.keys(first.channel.presenceState())).toEqual(['khach-hang']);

    // Leaving the channel removes the presence too.
    await second.channel.track({ status: 'back' });
    await waitFor(() => 'khach-vang-lai' in first.channel.presenceState(), 'tracked again');
    await visitor.removeChannel(second.channel);
    await waitFor(() => !('khach-vang-lai' in first.channel.presenceState()), 'leave after removeChannel');
  });

  it('replaces the meta when a channel tracks again (join of the new meta, leave of the old one)', async () => {
    const topic = lobby();
    const observer = watch(visitor, topic, 'quan-sat');
    await subscribed(observer.channel);
    const typist = watch(customer, topic, 'nguoi-go');
    await subscribed(typist.channel);
    await typist.channel.track({ status: 'online' });
    await waitFor(() => observer.events.some((e) => e.event === 'join'), 'first meta');
    await typist.channel.track({ status: 'typing' });
    await waitFor(() => observer.events.some((e) => e.event === 'leave'), 'old meta left');
    const [first, second, left] = observer.events;
    expect(first).toMatchObject({ event: 'join', key: 'nguoi-go', newPresences: [{ status: 'online' }] });
    expect(second).toMatchObject({ event: 'join', key: 'nguoi-go', newPresences: [{ status: 'typing' }] });
    expect(left).toMatchObject({ event: 'leave', key: 'nguoi-go', leftPresences: [{ status: 'online', presence_ref: first!.newPresences![0]!.presence_ref }] });
    // The same payload again changes nothing.
    expect(await typist.channel.track({ status: 'typing' })).toBe('ok');
    await settled(visitor);
    expect(observer.events).toHaveLength(3);
  });

  it('sends presence_state and presence_diff frames with Phoenix metas, and leaves when the socket closes', async () => {
    const topic = lobby();
    const watcher = await rawSocket(anonKey());
    watcher.ws.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { presence: { key: 'watcher', enabled: true } } }]));
    await watcher.next(replyTo('1'));
    expect(await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_state')).toEqual(['1', null, `realtime:${topic}`, 'presence_state', {}]);

    const tracker = await rawSocket(anonKey());
    tracker.ws.send(JSON.stringify(['7', '7', `realtime:${topic}`, 'phx_join', { config: { presence: { key: 'tracker', enabled: true } } }]));
    await tracker.next(replyTo('7'));
    tracker.ws.send(JSON.stringify(['7', '8', `realtime:${topic}`, 'presence', { type: 'presence', event: 'track', payload: { name: 'Lan' } }]));
    expect(await tracker.next(replyTo('8'))).toEqual(['7', '8', `realtime:${topic}`, 'phx_reply', { status: 'ok', response: {} }]);

    type Diff = [string, null, string, string, { joins: Record<string, { metas: Record<string, unknown>[] }>; leaves: Record<string, unknown> }];
    const joined = (await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_diff')) as Diff;
    expect(joined[4]).toEqual({ joins: { tracker: { metas: [{ name: 'Lan', phx_ref: expect.any(String) }] } }, leaves: {} });
    const ref = joined[4].joins.tracker!.metas[0]!.phx_ref;

    tracker.close();
    const left = (await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_diff' && Object.keys((f as Diff)[4].leaves).length > 0)) as Diff;
    expect(left[4]).toEqual({ joins: {}, leaves: { tracker: { metas: [{ name: 'Lan', phx_ref: ref }] } } });
    watcher.close();
  });
});
