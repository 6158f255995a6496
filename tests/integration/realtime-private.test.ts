// Private Realtime channels (`config.private = true`) through @supabase/supabase-js, authorised as
// Supabase does by RLS on realtime.messages with realtime.topic(): refused without a SELECT policy,
// joined with one, sending (broadcast over the socket or REST, presence track) only with an INSERT
// policy, and kept apart from the public topic of the same name.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, DEMO_ACCOUNTS, serviceClient, signedInClient, sql } from './helpers.ts';
import { closeClients, settled, subscribed, subscribeOutcome, waitFor } from './realtime-helpers.ts';

const CUSTOMER_ID = '00000000-0000-4000-a000-000000000002';
const PROVIDER_ID = '00000000-0000-4000-a000-000000000003';
const TAG = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
/** Topic readable by the customer and the provider, writable by the customer only. */
const SHARED = `booking-chat-${TAG}`;
/** Topic with no policy at all. */
const CLOSED = `closed-${TAG}`;

type Message = { payload: Record<string, unknown> };

let customer: SupabaseClient;
let provider: SupabaseClient;
const clients: SupabaseClient[] = [];
const policies: string[] = [];

async function policy(name: string, command: 'select' | 'insert', condition: string): Promise<void> {
  const full = `rt-test ${name} ${TAG}`;
  const clause = command === 'select' ? `using (${condition})` : `with check (${condition})`;
  await sql(`create policy "${full}" on realtime.messages for ${command} to authenticated ${clause}`);
  policies.push(full);
}

function privateChannel(client: SupabaseClient, topic: string, config: Record<string, unknown> = {}): { channel: RealtimeChannel; received: Message[] } {
  const received: Message[] = [];
  const channel = client.channel(topic, { config: { ...config, private: true } }).on('broadcast', { event: 'note' }, (message: Message) => {
    received.push(message);
  });
  return { channel, received };
}

beforeAll(async () => {
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  provider = await signedInClient(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
  clients.push(customer, provider);
  await policy('read', 'select', `realtime.topic() = '${SHARED}' and (select auth.uid()) in ('${CUSTOMER_ID}', '${PROVIDER_ID}')`);
  await policy('write', 'insert', `realtime.topic() = '${SHARED}' and (select auth.uid()) = '${CUSTOMER_ID}'`);
});

afterAll(async () => {
  await closeClients(clients);
  for (const name of policies) await sql(`drop policy if exists "${name}" on realtime.messages`);
});

describe('private channels', () => {
  it('refuses a join without a SELECT policy for the topic, or for this user', async () => {
    const closed = privateChannel(customer, CLOSED);
    expect(await subscribeOutcome(closed.channel)).toEqual({
      status: 'CHANNEL_ERROR',
      message: `You do not have permissions to read from this Channel topic: ${CLOSED}`,
    });
    await customer.removeChannel(closed.channel);

    const stranger = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    clients.push(stranger);
    const refused = privateChannel(stranger, SHARED);
    expect((await subscribeOutcome(refused.channel)).status).toBe('CHANNEL_ERROR');
    await stranger.removeChannel(refused.channel);

    const anonymous = anonClient();
    clients.push(anonymous);
    const anon = privateChannel(anonymous, SHARED);
    expect((await subscribeOutcome(anon.channel)).status).toBe('CHANNEL_ERROR');
    await anonymous.removeChannel(anon.channel);
  });

  it('delivers broadcasts only from a sender the INSERT policy allows, only to readers of the private topic', async () => {
    const writer = privateChannel(customer, SHARED, { broadcast: { ack: true } });
    const reader = privateChannel(provider, SHARED, { broadcast: { ack: true } });
    await subscribed(writer.channel);
    await subscribed(reader.channel);
    // Same name, public: a different topic.
    const publicTwin = anonClient();
    clients.push(publicTwin);
    const twinReceived: Message[] = [];
    await subscribed(publicTwin.channel(SHARED).on('broadcast', { event: 'note' }, (m: Message) => twinReceived.push(m)));

    // The provider may read but not write: its send is dropped (no ack, nothing delivered).
    expect(await reader.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'provider' } }, { timeout: 1500 })).toBe('timed out');
    expect(await writer.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'customer' } })).toBe('ok');
    await waitFor(() => reader.received.length === 1, 'private broadcast');
    expect(reader.received.map((m) => m.payload)).toEqual([{ from: 'customer' }]);

    // REST: the same policy decides; a refused message is dropped.
    expect(await reader.channel.httpSend('note', { from: 'provider-rest' })).toEqual({ success: true });
    expect(await writer.channel.httpSend('note', { from: 'customer-rest' })).toEqual({ success: true });
    await waitFor(() => reader.received.length === 2, 'private REST broadcast');
    expect(reader.received.map((m) => m.payload)).toEqual([{ from: 'customer' }, { from: 'customer-rest' }]);
    expect(twinReceived).toEqual([]);

    // The service role bypasses RLS, as in Supabase.
    const service = serviceClient();
    clients.push(service);
    const server = privateChannel(service, SHARED, { broadcast: { ack: true } });
    await subscribed(server.channel);
    expect(await server.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'server' } })).toBe('ok');
    await waitFor(() => reader.received.length === 3, 'service role broadcast');
  });

  it('lets only a writer track presence on a private topic', async () => {
    // Fresh channels (a topic's channel object is reused by supabase-js while it exists).
    await customer.removeAllChannels();
    await provider.removeAllChannels();
    const writer = customer.channel(SHARED, { config: { private: true, presence: { key: 'customer' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(writer);
    expect(await writer.track({ online: true })).toBe('ok');
    await waitFor(() => 'customer' in writer.presenceState(), 'own presence');

    const reader = provider.channel(SHARED, { config: { private: true, presence: { key: 'provider' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(reader);
    await waitFor(() => 'customer' in reader.presenceState(), 'presence state for a reader');
    expect(await reader.track({ online: true })).toBe('error');
    // The refused presence never reached the writer.
    await settled(customer);
    expect(Object.keys(writer.presenceState())).toEqual(['customer']);
  });
});
