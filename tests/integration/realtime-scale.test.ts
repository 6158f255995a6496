// Realtime under one customer's many tokens: caps on channels per connection and per identity
// (Realtime's `ChannelRateLimitReached` error), and the amplification of issue "600 tokens": one
// customer subscribed to messages with 600 distinct tokens (as sign-ins and refreshes give them)
// must not slow another user's deliveries — the RLS check runs once per group of subscribers with
// the same role and user claims, not once per token.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHANNELS_PER_CONNECTION, MAX_CHANNELS_PER_IDENTITY, TOO_MANY_CHANNELS } from '../../local-stack/realtime/index.ts';
import { accessTokenOf, anonClient, anonKey, DEMO_ACCOUNTS, signedInClient, sql } from './helpers.ts';
import { closeClients, distinctTokens, percentile, type RawSocket, rawSocket, subscribed, subscribeOutcome, waitFor } from './realtime-helpers.ts';

// Seed: conversation of booking …200 between the demo customer and the demo provider.
const CONVERSATION = '70000000-0000-4000-8000-000000000200';
const CUSTOMER_ID = '00000000-0000-4000-a000-000000000002';
const TOKENS = 600;
const SAMPLES = 40;
const P95_BOUND_MS = 200;

const clients: SupabaseClient[] = [];
const sockets: RawSocket[] = [];
const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  await sql('update public.conversations set is_active = true where id = $1', [CONVERSATION]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await closeClients(clients);
});

describe('channel caps', () => {
  it(`refuses channel ${MAX_CHANNELS_PER_CONNECTION + 1} of one connection, and accepts again after a leave`, async () => {
    const client = anonClient();
    clients.push(client);
    const joined: RealtimeChannel[] = await Promise.all(
      Array.from({ length: MAX_CHANNELS_PER_CONNECTION }, (_, i) => subscribed(client.channel(`cap-${tag}-${i}`))),
    );
    const over = client.channel(`cap-${tag}-over`);
    expect(await subscribeOutcome(over)).toEqual({ status: 'CHANNEL_ERROR', message: TOO_MANY_CHANNELS });
    await client.removeChannel(over);
    await client.removeChannel(joined[0]!);
    expect((await subscribeOutcome(client.channel(`cap-${tag}-again`))).status).toBe('SUBSCRIBED');
  });
});

describe(`${TOKENS} tokens of one customer`, () => {
  it(`caps the customer at ${MAX_CHANNELS_PER_IDENTITY} channels and keeps another user's p95 delivery under ${P95_BOUND_MS} ms`, { timeout: 180_000 }, async () => {
    const customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    const provider = await signedInClient(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
    clients.push(customer, provider);
    const tokens = await distinctTokens(await accessTokenOf(customer), TOKENS);

    // The customer's subscribers: one channel per token on messages, spread over sockets within
    // the per-connection cap. Only replies are parsed here; change frames are just counted.
    let customerChanges = 0;
    const perSocket = MAX_CHANNELS_PER_CONNECTION;
    for (let s = 0; s < Math.ceil(TOKENS / perSocket); s += 1) {
      sockets.push(
        await rawSocket(anonKey(), {
          keep: (text) => text.includes('"phx_reply"'),
          onText: (text) => {
            if (text.includes('"postgres_changes",{"ids"')) customerChanges += 1;
          },
        }),
      );
    }
    tokens.forEach((token, i) => {
      const ref = `j${i}`;
      const binding = { event: '*', schema: 'public', table: 'messages' };
      sockets[Math.floor(i / perSocket)]!.ws.send(JSON.stringify([ref, ref, `realtime:amp-${tag}-${i}`, 'phx_join', { config: { postgres_changes: [binding] }, access_token: token }]));
    });
    type Reply = [string, string, string, string, { status: string; response: { reason?: string } }];
    await waitFor(() => sockets.reduce((n, s) => n + s.frames.length, 0) === TOKENS, 'every join answered', 60_000);
    const replies = sockets.flatMap((s) => s.frames as Reply[]);
    const accepted = replies.filter((r) => r[4].status === 'ok');
    const refused = replies.filter((r) => r[4].status === 'error');
    expect(accepted).toHaveLength(MAX_CHANNELS_PER_IDENTITY);
    expect(new Set(refused.map((r) => r[4].response.reason))).toEqual(new Set([TOO_MANY_CHANNELS]));

    // Another user: the provider, receiving the same conversation's messages.
    const arrivals = new Map<string, number>();
    await subscribed(
      provider.channel(`provider-${tag}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (payload: { new: Record<string, unknown> }) => {
        arrivals.set(String(payload.new.content), performance.now());
      }),
    );
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const content = `Khuếch đại ${tag} ${i}`;
      await sql('insert into public.messages (conversation_id, sender_id, content) values ($1, $2, $3)', [CONVERSATION, CUSTOMER_ID, content]);
      const committed = performance.now();
      await waitFor(() => arrivals.has(content), `delivery of message ${i}`, 20_000);
      latencies.push(arrivals.get(content)! - committed);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const p95 = percentile(latencies, 95);
    console.log(`[realtime-scale] ${accepted.length} customer channels; provider delivery p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);
    // Every accepted customer channel received every message (RLS lets the participant read them).
    await waitFor(() => customerChanges === MAX_CHANNELS_PER_IDENTITY * SAMPLES, 'the customer’s deliveries', 30_000);
    expect(p95).toBeLessThan(P95_BOUND_MS);
  });
});
