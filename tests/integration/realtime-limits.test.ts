// Realtime's tenant limits through supabase-js (local-stack/realtime/README.md, "Limits"), each on
// an API server of its own with SDV_REALTIME_LIMITS=config (the test profile turns the rate limits
// off) and small numbers so that each limit is reached in a moment:
// - channels per client: the join over the cap is refused with Realtime's reason;
// - concurrent users: the socket over the cap is refused at the upgrade (429) and its join refused;
// - joins per second: once the averaged rate is over, joins are refused with
//   ClientJoinRateLimitReached and the socket disconnected, new sockets get 429, and it recovers;
// - messages per second: a channel receiving a broadcast while over is shut down ("Too many
//   messages per second"), Realtime's system message; postgres_changes still arrive;
// - presence: the sixth presence push of a channel within 30 s ends it;
// - a socket that stopped reading is closed once its frames pass the buffer bound, while the
//   other subscribers receive everything.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiProcess } from '../../local-stack/api-process.ts';
import { anonKey } from './helpers.ts';
import { ownServers, subscribed, subscribeOutcome, waitFor } from './realtime-helpers.ts';

const { open, start: startApi, client, close } = ownServers('sdv-realtime-limits-', { SDV_REALTIME_LIMITS: 'config' });

function socketUrl(api: ApiProcess): string {
  return `${api.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey())}&vsn=2.0.0`;
}

/** The HTTP answer to a WebSocket upgrade that is refused (status and JSON body). */
function refusedUpgrade(api: ApiProcess): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(api));
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.on('error', () => undefined);
  });
}

/** Whether a WebSocket upgrade is accepted now (the socket is closed at once). */
function upgradeAccepted(api: ApiProcess): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(socketUrl(api));
    ws.on('unexpected-response', () => resolve(false));
    ws.on('open', () => {
      ws.close();
      resolve(true);
    });
    ws.on('error', () => resolve(false));
  });
}

/** System messages of a channel (Realtime's shutdown notice among them). */
function systemMessages(channel: RealtimeChannel): { message?: string; status?: string }[] {
  const seen: { message?: string; status?: string }[] = [];
  channel.on('system', {}, (payload: { message?: string; status?: string }) => seen.push(payload));
  return seen;
}

const topic = (label: string): string => `limits-${label}-${randomUUID().slice(0, 8)}`;

beforeAll(open);
afterAll(close);

describe('caps: channels per client and concurrent users', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi({ SDV_REALTIME_MAX_CHANNELS_PER_CLIENT: '5', SDV_REALTIME_MAX_CONCURRENT_USERS: '3' });
  });

  it('refuses the sixth channel of one socket with ChannelRateLimitReached', async () => {
    const first = client(api);
    for (let i = 0; i < 5; i += 1) await subscribed(first.channel(topic(`cap${i}`)));
    expect(await subscribeOutcome(first.channel(topic('cap-over')))).toEqual({
      status: 'CHANNEL_ERROR',
      message: 'ChannelRateLimitReached: Too many channels',
    });
  });

  it('refuses a fourth connected user at the upgrade with 429, and admits one again after a user leaves', async () => {
    const second = client(api);
    const third = client(api);
    await subscribed(second.channel(topic('user2')));
    await subscribed(third.channel(topic('user3')));
    expect(await refusedUpgrade(api)).toEqual({ status: 429, body: { error: 'Too many connected users' } });
    third.realtime.disconnect();
    await waitFor(() => third.realtime.isConnected() === false, 'the third socket closed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await subscribed(client(api).channel(topic('user4')));
  });
});

describe('joins per second', () => {
  it('refuses joins with ClientJoinRateLimitReached once the averaged rate is over, then recovers', async () => {
    // 200 ms buckets: 30 joins in the first bucket average 150 per second, over 20.
    const api = await startApi({ SDV_REALTIME_MAX_JOINS_PER_SECOND: '20', SDV_REALTIME_RATE_TICK_MS: '200' });
    const flooder = client(api);
    await Promise.all(Array.from({ length: 30 }, (_, i) => subscribed(flooder.channel(topic(`join${i}`)))));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await subscribeOutcome(flooder.channel(topic('join-over')));
    expect(refused).toEqual({ status: 'CHANNEL_ERROR', message: 'ClientJoinRateLimitReached: Too many joins per second' });
    // Realtime disconnects the socket; new sockets are refused while the rate is over.
    expect(await refusedUpgrade(api)).toEqual({ status: 429, body: { error: 'Too many joins per second' } });
    flooder.realtime.disconnect();
    // The 30 joins stay in the 12-bucket average (2.4 s) until they fall out of it; then sockets and
    // joins are accepted again.
    const started = Date.now();
    while (!(await upgradeAccepted(api))) {
      expect(Date.now() - started).toBeLessThan(8000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const outcome = await subscribeOutcome(client(api).channel(topic('join-later')));
    expect(outcome.status).toBe('SUBSCRIBED');
  });
});

describe('messages per second and presence', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi({ SDV_REALTIME_MAX_EVENTS_PER_SECOND: '20', SDV_REALTIME_RATE_TICK_MS: '200' });
  });

  it('shuts a receiving channel down with "Too many messages per second" once the rate is over', async () => {
    const room = topic('events');
    const sender = client(api).channel(room, { config: { broadcast: { ack: true } } });
    const receiverChannel = client(api).channel(room);
    const notices = systemMessages(receiverChannel);
    let received = 0;
    receiverChannel.on('broadcast', { event: 'tick' }, () => (received += 1));
    await subscribed(sender);
    await subscribed(receiverChannel);
    // Every send counts twice (the push and its delivery): 20 per second is passed at the first
    // 200 ms bucket; a delivery after that ends the receiving channel.
    let sent = 0;
    while (!notices.some((n) => n.message === 'Too many messages per second')) {
      expect(sent).toBeLessThan(200);
      expect(await sender.send({ type: 'broadcast', event: 'tick', payload: { i: sent } })).toBe('ok');
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received).toBeGreaterThan(0);
    expect(notices.find((n) => n.message === 'Too many messages per second')?.status).toBe('error');
    await waitFor(() => receiverChannel.state === 'closed', 'the channel closed');
  });

  it('ends a channel at its sixth presence push within the window ("Client presence rate limit exceeded")', async () => {
    const channel = client(api).channel(topic('presence'), { config: { presence: { key: 'k' } } });
    const notices = systemMessages(channel);
    await subscribed(channel);
    for (let i = 0; i < 5; i += 1) expect(await channel.track({ n: i })).toBe('ok');
    void channel.track({ n: 5 });
    await waitFor(() => notices.some((n) => n.message === 'Client presence rate limit exceeded'), 'the presence notice');
  });
});

describe('slow consumer', () => {
  it('closes a socket that stopped reading past the buffer bound; the others receive every broadcast', { timeout: 30_000 }, async () => {
    // The sender's own read budget out of the way: 50 MB are sent here at once.
    const api = await startApi({ SDV_REALTIME_MAX_SOCKET_BUFFER_BYTES: '2000000', SDV_REALTIME_MAX_SOCKET_READ_BYTES_PER_SECOND: '1000000000' });
    const room = topic('slow');
    // The slow consumer: joins over a raw socket, then stops reading.
    const slow = new WebSocket(socketUrl(api));
    await new Promise<void>((resolve, reject) => {
      slow.once('open', () => resolve());
      slow.once('error', reject);
    });
    const joined = new Promise<void>((resolve) => {
      slow.on('message', (data) => {
        if (data.toString().includes('"phx_reply"')) resolve();
      });
    });
    slow.send(JSON.stringify(['1', '1', `realtime:${room}`, 'phx_join', { config: { broadcast: { self: false } } }]));
    await joined;
    let slowClosed = false;
    slow.on('close', () => (slowClosed = true));
    slow.pause();

    const sender = client(api).channel(room, { config: { broadcast: { ack: true } } });
    const reader = client(api).channel(room);
    let read = 0;
    reader.on('broadcast', { event: 'blob' }, () => (read += 1));
    await subscribed(sender);
    await subscribed(reader);
    const before = await api.memory();
    // 50 MB to the topic: more than loopback's kernel buffers hold (up to 32 MB received + 4 MB sent).
    const blob = 'x'.repeat(500_000);
    const SENT = 100;
    for (let i = 0; i < SENT; i += 1) expect(await sender.send({ type: 'broadcast', event: 'blob', payload: { i, blob } })).toBe('ok');
    await waitFor(() => read === SENT, 'every broadcast at the reading subscriber', 15_000);
    const output = () => api.output();
    await waitFor(() => /closed a socket that stopped reading/.test(output()), 'the server closing the slow socket', 10_000);
    // The process holds at most the bound for the slow socket (before the bound: +745 MB from 40 MB).
    const after = await api.memory();
    expect(after.rss - before.rss).toBeLessThan(100_000_000);
    slow.resume();
    await waitFor(() => slowClosed, 'the slow socket closed', 10_000);
  });
});
