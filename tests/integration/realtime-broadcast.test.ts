// Realtime Broadcast through @supabase/supabase-js on public channels: `channel.send()` over the
// socket to the other subscribers (not to the sender unless `self`), `ack`, the REST fallback of
// `send()` before joining and `httpSend()`, and broadcasts sent as JSON frames.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, anonKey, DEMO_ACCOUNTS, signedInClient } from './helpers.ts';
import { closeClients, rawSocket, replyTo, subscribed, waitFor } from './realtime-helpers.ts';

type Message = { type: string; event: string; payload: Record<string, unknown> };

let alice: SupabaseClient;
let bob: SupabaseClient;
const clients: SupabaseClient[] = [];

function room(label: string): string {
  return `room-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
}

function collect(client: SupabaseClient, topic: string, config: Record<string, unknown> = {}) {
  const received: Message[] = [];
  const channel = client.channel(topic, { config }).on('broadcast', { event: 'cursor' }, (message: Message) => {
    received.push(message);
  });
  return { channel, received };
}

beforeAll(async () => {
  alice = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  bob = anonClient();
  clients.push(alice, bob);
});

afterAll(async () => {
  await closeClients(clients);
});

describe('broadcast over the socket', () => {
  it('reaches the other subscribers of the topic, not the sender, and nobody on another topic', async () => {
    const topic = room('others');
    const sender = collect(alice, topic);
    const receiver = collect(bob, topic);
    const elsewhere = collect(bob, room('elsewhere'));
    await subscribed(sender.channel);
    await subscribed(receiver.channel);
    await subscribed(elsewhere.channel);

    expect(await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe('ok');
    await waitFor(() => receiver.received.length === 1, 'broadcast to the other subscriber');
    expect(receiver.received[0]).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } });
    // A second message proves ordering and that nothing else arrived meanwhile.
    await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 3, y: 4 } });
    await waitFor(() => receiver.received.length === 2, 'second broadcast');
    expect(receiver.received.map((m) => m.payload)).toEqual([
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    expect(sender.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it('comes back to the sender with broadcast.self', async () => {
    const topic = room('self');
    const sender = collect(alice, topic, { broadcast: { self: true } });
    await subscribed(sender.channel);
    await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { me: true } });
    await waitFor(() => sender.received.length === 1, 'own broadcast');
    expect(sender.received[0]!.payload).toEqual({ me: true });
  });

  it('is acknowledged by the server with broadcast.ack', async () => {
    const topic = room('ack');
    const sender = collect(alice, topic, { broadcast: { ack: true } });
    const receiver = collect(bob, topic);
    await subscribed(sender.channel);
    await subscribed(receiver.channel);
    expect(await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { acked: 1 } }, { timeout: 3000 })).toBe('ok');
    await waitFor(() => receiver.received.length === 1, 'acknowledged broadcast delivered');
  });
});

describe('broadcast over REST', () => {
  it('delivers channel.send() made before joining (POST /realtime/v1/api/broadcast)', async () => {
    const topic = room('rest');
    const receiver = collect(bob, topic);
    await subscribed(receiver.channel);
    const restClient = anonClient();
    clients.push(restClient);
    const unjoined = restClient.channel(topic);
    expect(await unjoined.send({ type: 'broadcast', event: 'cursor', payload: { via: 'rest' } })).toBe('ok');
    await waitFor(() => receiver.received.length === 1, 'REST broadcast');
    expect(receiver.received[0]).toEqual({ type: 'broadcast', event: 'cursor', payload: { via: 'rest' } });
    await restClient.removeChannel(unjoined);
  });

  it('delivers httpSend() and refuses a request without a valid key', async () => {
    const topic = room('http-send');
    const receiver = collect(bob, topic);
    await subscribed(receiver.channel);
    const unjoined = alice.channel(topic);
    expect(await unjoined.httpSend('cursor', { via: 'httpSend' })).toEqual({ success: true });
    await waitFor(() => receiver.received.length === 1, 'httpSend broadcast');
    expect(receiver.received[0]!.payload).toEqual({ via: 'httpSend' });
    await alice.removeChannel(unjoined);

    const refused = await fetch(`${receiver.channel.broadcastEndpointURL}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: 'not-a-key' },
      body: JSON.stringify({ messages: [{ topic, event: 'cursor', payload: { forged: true } }] }),
    });
    expect(refused.status).toBe(401);
    const invalid = await fetch(`${receiver.channel.broadcastEndpointURL}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: anonKey() },
      body: JSON.stringify({ messages: [{ topic, payload: {} }] }),
    });
    expect(invalid.status).toBe(422);
    // A later broadcast arrives after anything the refused ones could have sent.
    await alice.channel(topic).httpSend('cursor', { last: true });
    await waitFor(() => receiver.received.length === 2, 'last broadcast');
    expect(receiver.received.map((m) => m.payload)).toEqual([{ via: 'httpSend' }, { last: true }]);
  });
});

describe('JSON broadcast frames', () => {
  it('relays a JSON broadcast push to a supabase-js subscriber', async () => {
    const topic = room('json');
    const receiver = collect(bob, topic);
    await subscribed(receiver.channel);
    const socket = await rawSocket(anonKey());
    socket.ws.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { broadcast: { ack: true } } }]));
    await socket.next(replyTo('1'));
    socket.ws.send(JSON.stringify(['1', '2', `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'cursor', payload: { raw: true } }]));
    expect(await socket.next(replyTo('2'))).toEqual(['1', '2', `realtime:${topic}`, 'phx_reply', { status: 'ok', response: {} }]);
    await waitFor(() => receiver.received.length === 1, 'JSON broadcast');
    expect(receiver.received[0]!.payload).toEqual({ raw: true });
    socket.close();
  });
});
