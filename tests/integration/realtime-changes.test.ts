// Realtime through @supabase/supabase-js (and raw Phoenix frames where the client hides details):
// postgres_changes delivery decided by RLS as each subscriber, filters, token expiry and updates,
// leave, and refusals of forged credentials.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import {
  accessTokenOf,
  anonKey,
  apiUrl,
  createTestUser,
  DEMO_ACCOUNTS,
  serviceClient,
  signedInClient,
  sql,
  uniqueEmail,
} from './helpers.ts';
import { closeClients, settled, subscribed, waitFor } from './realtime-helpers.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

// Seed: conversation of booking …200 between the demo customer and the demo provider (active),
// and conversation of booking …075 of the demo customer with another provider.
const CONVERSATION = '70000000-0000-4000-8000-000000000200';
const BOOKING = '40000000-0000-4000-8000-000000000200';
const OTHER_CONVERSATION = '70000000-0000-4000-8000-000000000075';
const OTHER_BOOKING = '40000000-0000-4000-8000-000000000075';
const CUSTOMER_ID = '00000000-0000-4000-a000-000000000002';
const PROVIDER_ID = '00000000-0000-4000-a000-000000000003';

/** How long "receives nothing" waits after a control subscriber has received the same change. */

let admin: SupabaseClient;
let customer: SupabaseClient;
let provider: SupabaseClient;
let stranger: SupabaseClient;
const clients: SupabaseClient[] = [];

interface Listener {
  channel: RealtimeChannel;
  events: Change[];
  statuses: string[];
  system: Row[];
}

let channelCounter = 0;

async function listen(
  client: SupabaseClient,
  binding: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
): Promise<Listener> {
  channelCounter += 1;
  const listener: Listener = { channel: client.channel(`test-${channelCounter}-${Date.now()}`), events: [], statuses: [], system: [] };
  listener.channel
    .on('postgres_changes', { event: binding.event, schema: 'public', table: binding.table, ...(binding.filter ? { filter: binding.filter } : {}) } as never, (payload: Change) => {
      listener.events.push(payload);
    })
    .on('system', {}, (payload: Row) => {
      listener.system.push(payload);
    });
  await subscribed(listener.channel, (status) => listener.statuses.push(status));
  return listener;
}

/** A message written as the superuser (the trigger fires as for any client). */
async function insertMessage(conversationId: string, senderId: string, content: string): Promise<string> {
  const rows = await sql<{ id: string }>(
    'insert into public.messages (conversation_id, sender_id, content) values ($1, $2, $3) returning id',
    [conversationId, senderId, content],
  );
  return rows[0]!.id;
}

function contents(listener: Listener): unknown[] {
  return listener.events.map((event) => (event.new as Row).content);
}

async function signedCopy(token: string, change: (claims: Row) => Row, secret = inject('jwtSecret')): Promise<string> {
  return new SignJWT(change(decodeJwt(token) as Row)).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  provider = await signedInClient(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
  const email = uniqueEmail('stranger');
  await createTestUser(email, 'Stranger@123456');
  stranger = await signedInClient(email, 'Stranger@123456');
  clients.push(admin, customer, provider, stranger);
  // The seeded conversation must be active for participants to write into it.
  await sql('update public.conversations set is_active = true where id = $1', [CONVERSATION]);
});

afterAll(async () => {
  await closeClients(clients);
});

describe('delivery under RLS', () => {
  it('delivers to an admin an INSERT made by another client through the REST API', async () => {
    const watcher = await listen(admin, { event: 'INSERT', table: 'messages' });
    const content = `Xin chào từ khách hàng ${Date.now()}`;
    const { error } = await customer.from('messages').insert({ conversation_id: CONVERSATION, sender_id: CUSTOMER_ID, content });
    expect(error).toBeNull();
    await waitFor(() => contents(watcher).includes(content), 'admin INSERT event');
    const event = watcher.events.find((e) => (e.new as Row).content === content)!;
    expect(event).toMatchObject({ schema: 'public', table: 'messages', eventType: 'INSERT', errors: null });
    expect(event.new).toMatchObject({ conversation_id: CONVERSATION, booking_id: BOOKING, sender_id: CUSTOMER_ID, type: 'text', is_read: false });
    expect(typeof (event.new as Row).id).toBe('string');
    expect(event.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await admin.removeChannel(watcher.channel);
  });

  it('delivers to the conversation’s participants and never to another customer', async () => {
    const participant = await listen(customer, { event: '*', table: 'messages' });
    const otherParty = await listen(provider, { event: 'INSERT', table: 'messages' });
    const outsider = await listen(stranger, { event: '*', table: 'messages' });
    const outsiderConversations = await listen(stranger, { event: '*', table: 'conversations' });
    const participantConversations = await listen(customer, { event: 'UPDATE', table: 'conversations' });

    const content = `Tin nhắn riêng ${Date.now()}`;
    await insertMessage(CONVERSATION, PROVIDER_ID, content);
    await waitFor(() => contents(participant).includes(content), 'participant event');
    await waitFor(() => contents(otherParty).includes(content), 'provider event');
    // The message trigger updates the conversation's last message: an UPDATE for participants only.
    await waitFor(
      () => participantConversations.events.some((e) => (e.new as Row).id === CONVERSATION && (e.new as Row).last_message === content),
      'conversation UPDATE',
    );
    const update = participantConversations.events.find((e) => (e.new as Row).last_message === content)!;
    expect(update.eventType).toBe('UPDATE');
    expect(update.old).toEqual({ id: CONVERSATION });
    await settled(stranger);
    expect(outsider.events).toEqual([]);
    expect(outsiderConversations.events).toEqual([]);
    for (const listener of [participant, otherParty, outsider, outsiderConversations, participantConversations]) {
      await listener.channel.unsubscribe();
    }
  });

  it('narrows delivery with a booking_id=eq.<id> filter', async () => {
    const thisBooking = await listen(admin, { event: 'INSERT', table: 'messages', filter: `booking_id=eq.${BOOKING}` });
    const otherBooking = await listen(admin, { event: 'INSERT', table: 'messages', filter: `booking_id=eq.${OTHER_BOOKING}` });
    const inList = await listen(admin, { event: 'INSERT', table: 'messages', filter: `booking_id=in.(${OTHER_BOOKING},${BOOKING})` });

    const first = `Lọc theo booking ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, first);
    const second = `Booking khác ${Date.now()}`;
    await insertMessage(OTHER_CONVERSATION, CUSTOMER_ID, second);

    await waitFor(() => contents(thisBooking).includes(first), 'filtered event');
    await waitFor(() => contents(otherBooking).includes(second), 'other filtered event');
    await waitFor(() => contents(inList).length === 2, 'in-list events');
    await settled(admin);
    expect(contents(thisBooking)).toEqual([first]);
    expect(contents(otherBooking)).toEqual([second]);
    expect(contents(inList)).toEqual([first, second]);
    for (const listener of [thisBooking, otherBooking, inList]) await listener.channel.unsubscribe();
  });

  it('delivers a burst written in one transaction completely, in commit order, row by row under RLS', async () => {
    const others = await sql<{ id: string }>(
      'select id from public.conversations where customer_id <> $1 and provider_id <> $1 order by id limit 1',
      [CUSTOMER_ID],
    );
    const foreign = others[0]!.id;
    const adminWatcher = await listen(admin, { event: 'INSERT', table: 'messages' });
    const customerWatcher = await listen(customer, { event: 'INSERT', table: 'messages' });
    const tag = `loạt-${Date.now()}`;
    // 100 rows, alternating between the customer's conversation and one they are not part of.
    await sql(
      `insert into public.messages (conversation_id, sender_id, content)
       select case when i % 2 = 0 then $1::uuid else $2::uuid end, null, $3 || '-' || i
         from generate_series(1, 100) as i`,
      [CONVERSATION, foreign, tag],
    );
    const mine = (listener: Listener) => contents(listener).filter((c) => String(c).startsWith(tag));
    await waitFor(() => mine(adminWatcher).length === 100, 'the whole burst for the admin', 15_000);
    await waitFor(() => mine(customerWatcher).length === 50, 'the customer’s half', 15_000);
    await settled(admin, customer);
    expect(mine(adminWatcher)).toEqual(Array.from({ length: 100 }, (_, i) => `${tag}-${i + 1}`));
    expect(mine(customerWatcher)).toEqual(Array.from({ length: 50 }, (_, i) => `${tag}-${2 * (i + 1)}`));
    await adminWatcher.channel.unsubscribe();
    await customerWatcher.channel.unsubscribe();
  });

  it('sends DELETE (primary key only) as Supabase does: to subscribers allowed to select the table, through filters on the key', async () => {
    const service = serviceClient();
    clients.push(service);
    const serviceWatcher = await listen(service, { event: 'DELETE', table: 'messages' });
    const adminWatcher = await listen(admin, { event: '*', table: 'messages' });
    const id = await insertMessage(CONVERSATION, CUSTOMER_ID, `Sẽ xoá ${Date.now()}`);
    const byKey = await listen(customer, { event: 'DELETE', table: 'messages', filter: `id=eq.${id}` });
    const otherKey = await listen(customer, { event: 'DELETE', table: 'messages', filter: `id=eq.${OTHER_CONVERSATION}` });
    // Only the old primary key is known after a DELETE: a filter on another column never matches.
    const byBooking = await listen(customer, { event: 'DELETE', table: 'messages', filter: `booking_id=eq.${BOOKING}` });
    await waitFor(() => adminWatcher.events.some((e) => (e.new as Row).id === id), 'admin INSERT before delete');
    await sql('delete from public.messages where id = $1', [id]);
    await waitFor(() => serviceWatcher.events.length === 1, 'service DELETE');
    await waitFor(() => adminWatcher.events.some((e) => e.eventType === 'DELETE'), 'admin DELETE');
    await waitFor(() => byKey.events.length === 1, 'DELETE through a filter on the key');
    await settled(customer);
    for (const event of [serviceWatcher.events[0], adminWatcher.events.find((e) => e.eventType === 'DELETE'), byKey.events[0]]) {
      expect(event).toMatchObject({ eventType: 'DELETE', old: { id }, new: {} });
      // With RLS the old record carries the primary key only.
      expect(Object.keys(event!.old)).toEqual(['id']);
    }
    expect(otherKey.events).toEqual([]);
    expect(byBooking.events).toEqual([]);
    for (const listener of [serviceWatcher, adminWatcher, byKey, otherKey, byBooking]) await listener.channel.unsubscribe();
  });
});

describe('tokens and leaving', () => {
  it('stops delivery when the subscriber’s token expires (system error, channel closed)', async () => {
    const control = await listen(admin, { event: 'INSERT', table: 'messages' });
    const shortLived = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    clients.push(shortLived);
    const now = Math.floor(Date.now() / 1000);
    await shortLived.realtime.setAuth(await signedCopy(await accessTokenOf(shortLived), (claims) => ({ ...claims, iat: now, exp: now + 5 })));
    const expiring = await listen(shortLived, { event: 'INSERT', table: 'messages' });

    const before = `Trước khi hết hạn ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, before);
    await waitFor(() => contents(expiring).includes(before), 'event before expiry');

    await waitFor(() => expiring.statuses.includes('CLOSED'), 'channel closed at expiry', 8000);
    expect(expiring.system).toContainEqual(expect.objectContaining({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired/) }));

    const after = `Sau khi hết hạn ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, after);
    await waitFor(() => contents(control).includes(after), 'control event');
    await settled(shortLived);
    expect(contents(expiring)).toEqual([before]);
    await control.channel.unsubscribe();
  });

  it('stops delivery when an invalid token is pushed with access_token', async () => {
    const control = await listen(admin, { event: 'INSERT', table: 'messages' });
    const victim = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    clients.push(victim);
    const watcher = await listen(victim, { event: 'INSERT', table: 'messages' });
    await victim.realtime.setAuth(await signedCopy(await accessTokenOf(victim), (claims) => claims, 'not-the-secret-not-the-secret-not-the-secret'));
    await waitFor(() => watcher.statuses.includes('CLOSED'), 'channel closed after a forged token');
    const content = `Sau token giả ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, content);
    await waitFor(() => contents(control).includes(content), 'control event');
    await settled(victim);
    expect(watcher.events).toEqual([]);
    await control.channel.unsubscribe();
  });

  it('stops delivery after leaving the channel', async () => {
    const control = await listen(admin, { event: 'INSERT', table: 'messages' });
    const leaving = await listen(admin, { event: 'INSERT', table: 'messages' });
    expect(await leaving.channel.unsubscribe()).toBe('ok');
    const content = `Sau khi rời kênh ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, content);
    await waitFor(() => contents(control).includes(content), 'control event');
    await settled(admin);
    expect(leaving.events).toEqual([]);
    await control.channel.unsubscribe();
  });
});

describe('protocol and refusals', () => {
  function socketUrl(apikey: string, vsn = '2.0.0'): string {
    return `${apiUrl().replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`;
  }

  async function openSocket(apikey: string, vsn = '2.0.0'): Promise<{ ws: WebSocket; frames: unknown[]; next: (match: (frame: unknown) => boolean) => Promise<unknown> }> {
    const ws = new WebSocket(socketUrl(apikey, vsn));
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const next = async (match: (frame: unknown) => boolean): Promise<unknown> => {
      await waitFor(() => frames.some(match), 'frame');
      return frames.find(match);
    };
    return { ws, frames, next };
  }

  it('answers heartbeats and joins exactly as supabase-js expects (vsn 2.0.0)', async () => {
    const { ws, next } = await openSocket(anonKey());
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next((f) => Array.isArray(f) && f[1] === '1')).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);

    const adminToken = await accessTokenOf(admin);
    const bindings = [
      { event: '*', schema: 'public', table: 'messages', filter: `booking_id=eq.${BOOKING}` },
      { event: 'UPDATE', schema: 'public', table: 'conversations' },
    ];
    ws.send(JSON.stringify(['3', '3', 'realtime:raw', 'phx_join', { config: { broadcast: { self: false }, presence: { key: '' }, postgres_changes: bindings, private: false }, access_token: adminToken }]));
    const joined = (await next((f) => Array.isArray(f) && f[1] === '3')) as [string, string, string, string, { status: string; response: { postgres_changes: Row[] } }];
    expect(joined.slice(0, 4)).toEqual(['3', '3', 'realtime:raw', 'phx_reply']);
    expect(joined[4].status).toBe('ok');
    expect(joined[4].response.postgres_changes).toEqual(bindings.map((b) => ({ ...b, id: expect.any(Number) })));
    expect(await next((f) => Array.isArray(f) && f[3] === 'system')).toEqual([
      '3',
      null,
      'realtime:raw',
      'system',
      { channel: 'raw', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
    ]);

    const content = `Khung thô ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, content);
    type ChangeFrame = [string, null, string, string, { ids: number[]; data: Row }];
    const changeOf = (table: string) => (f: unknown) => Array.isArray(f) && f[3] === 'postgres_changes' && (f as ChangeFrame)[4].data.table === table;
    const event = (await next(changeOf('messages'))) as ChangeFrame;
    expect(event.slice(0, 4)).toEqual(['3', null, 'realtime:raw', 'postgres_changes']);
    expect(event[4].ids).toEqual([joined[4].response.postgres_changes[0]!.id]);
    // The message trigger updates the conversation: delivered under the second binding's id.
    const conversation = (await next(changeOf('conversations'))) as ChangeFrame;
    expect(conversation[4].ids).toEqual([joined[4].response.postgres_changes[1]!.id]);
    expect(conversation[4].data).toMatchObject({ type: 'UPDATE', record: { id: CONVERSATION, last_message: content }, old_record: { id: CONVERSATION } });
    expect(event[4].data).toMatchObject({ schema: 'public', table: 'messages', type: 'INSERT', errors: null, record: { content } });
    expect(event[4].data.columns).toContainEqual({ name: 'booking_id', type: 'uuid' });

    ws.send(JSON.stringify(['3', '4', 'realtime:raw', 'phx_leave', {}]));
    expect(await next((f) => Array.isArray(f) && f[1] === '4')).toEqual(['3', '4', 'realtime:raw', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('speaks vsn 1.0.0 object frames too', async () => {
    const { ws, next } = await openSocket(anonKey(), '1.0.0');
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '9' }));
    expect(await next((f) => (f as Row).ref === '9')).toEqual({ join_ref: null, ref: '9', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    ws.close();
  });

  it('refuses the websocket upgrade with a forged or missing apikey', async () => {
    const forged = await signedCopy(anonKey(), (claims) => ({ ...claims, role: 'service_role' }), 'not-the-secret-not-the-secret-not-the-secret');
    for (const key of [forged, '']) {
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(socketUrl(key));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => reject(new Error('upgrade accepted')));
        ws.on('error', () => undefined);
      });
      expect(status).toBe(403);
    }
  });

  it('refuses a join with a forged access_token or an unknown table', async () => {
    const { ws, next } = await openSocket(anonKey());
    const forged = await signedCopy(await accessTokenOf(customer), (claims) => ({ ...claims, role: 'service_role' }), 'not-the-secret-not-the-secret-not-the-secret');
    ws.send(JSON.stringify(['1', '1', 'realtime:a', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'messages' }] }, access_token: forged }]));
    expect(await next((f) => Array.isArray(f) && f[1] === '1')).toEqual(['1', '1', 'realtime:a', 'phx_reply', { status: 'error', response: { reason: 'Invalid JWT: signature error' } }]);

    ws.send(JSON.stringify(['2', '2', 'realtime:b', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'auth', table: 'users' }] } }]));
    const refused = (await next((f) => Array.isArray(f) && f[1] === '2')) as [string, string, string, string, { status: string; response: { reason: string } }];
    expect(refused[4].status).toBe('error');
    expect(refused[4].response.reason).toMatch(/^Unable to subscribe to changes with given parameters/);

    ws.send(JSON.stringify(['3', '3', 'realtime:c', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'messages', filter: 'booking_id=eq.not-a-uuid' }] } }]));
    expect(await next((f) => Array.isArray(f) && f[1] === '3')).toEqual(['3', '3', 'realtime:c', 'phx_reply', { status: 'error', response: { reason: 'Invalid filter value for column booking_id' } }]);
    ws.close();
  });

  it('gives an anon subscriber nothing from messages', async () => {
    const { ws, frames, next } = await openSocket(anonKey());
    ws.send(JSON.stringify(['1', '1', 'realtime:anon', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'messages' }] } }]));
    await next((f) => Array.isArray(f) && f[1] === '1');
    const control = await listen(admin, { event: 'INSERT', table: 'messages' });
    const content = `Ẩn danh ${Date.now()}`;
    await insertMessage(CONVERSATION, CUSTOMER_ID, content);
    await waitFor(() => contents(control).includes(content), 'control event');
    // The heartbeat's reply comes after any change frame already written to this socket (see settled).
    ws.send(JSON.stringify([null, 'barrier', 'phoenix', 'heartbeat', {}]));
    await next((f) => Array.isArray(f) && f[1] === 'barrier');
    expect(frames.filter((f) => Array.isArray(f) && f[3] === 'postgres_changes')).toEqual([]);
    ws.close();
    await control.channel.unsubscribe();
  });
});
