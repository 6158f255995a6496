// Realtime's maximum payload size (max_payload_size_in_kb) through supabase-js
// (local-stack/realtime/README.md, "Limits"; local-stack/realtime/payload-size.ts): a payload whose
// Erlang external size is over `kb * 1000 + 500` bytes is refused, as supabase/realtime does:
// - a broadcast over the socket is not delivered; an `ack` sender gets phx_reply
//   {status:"error", response:"payload_size_exceeded"} (send() resolves 'error'), others hear
//   nothing; the channel and the socket stay open;
// - a presence track ends the channel: system "Track message size exceeded", then phx_close;
// - the REST broadcast API answers 422 "Payload size exceeds tenant limit" and sends nothing;
// - with the default (3000 kB, the self-hosted / CLI tenant) a 2 MB broadcast passes, a 3.1 MB one is
//   refused, and a frame over 5 MB closes the socket (1009, Realtime's max_frame_size).
// Each suite runs an API server of its own: SDV_REALTIME_MAX_PAYLOAD_SIZE_IN_KB=1 (1,500 bytes) and the default.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiProcess } from '../../local-stack/api-process.ts';
import { anonKey } from './helpers.ts';
import { ownServers, settled, subscribed, waitFor } from './realtime-helpers.ts';

const { open, start: startApi, client, close } = ownServers('sdv-realtime-payload-');

/** A raw vsn 2.0.0 socket, open; `frames` collects the text frames it receives. */
async function rawSocket(api: ApiProcess): Promise<{ ws: WebSocket; frames: unknown[][] }> {
  const url = `${api.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey())}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames: unknown[][] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(data.toString()) as unknown[]);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames };
}

/** Broadcasts of `event` a channel receives, in order. */
function received(channel: RealtimeChannel, event: string): unknown[] {
  const seen: unknown[] = [];
  channel.on('broadcast', { event }, (message: { payload: unknown }) => seen.push(message.payload));
  return seen;
}

function systemMessages(channel: RealtimeChannel): { message?: string; status?: string; extension?: string }[] {
  const seen: { message?: string; status?: string; extension?: string }[] = [];
  channel.on('system', {}, (payload: { message?: string; status?: string; extension?: string }) => seen.push(payload));
  return seen;
}

const topic = (label: string): string => `payload-${label}-${randomUUID().slice(0, 8)}`;
const text = (length: number): string => 'x'.repeat(length);

beforeAll(open);
afterAll(close);

describe('max_payload_size_in_kb = 1 (1,500 bytes of external size)', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi({ SDV_REALTIME_MAX_PAYLOAD_SIZE_IN_KB: '1' });
  });

  it('answers an ack sender "error" for one byte over the limit, delivers one at the limit, and keeps the channel', async () => {
    const room = topic('ack');
    const senderClient = client(api);
    const sender = senderClient.channel(room, { config: { broadcast: { ack: true } } });
    const receiver = client(api).channel(room);
    const got = received(receiver, 'big');
    await subscribed(sender);
    await subscribed(receiver);
    // supabase-js sends a binary user broadcast push: {"big", :json, <<{"text":"…"}>>, %{}} is
    // 38 + n bytes of external size, so n = 1462 is exactly the limit.
    expect(await sender.send({ type: 'broadcast', event: 'big', payload: { text: text(1463) } })).toBe('error');
    expect(await sender.send({ type: 'broadcast', event: 'big', payload: { text: text(1462) } })).toBe('ok');
    await waitFor(() => got.length === 1, 'the broadcast at the limit');
    expect(got).toEqual([{ text: text(1462) }]);
    expect(senderClient.realtime.isConnected()).toBe(true);
    expect(sender.state).toBe('joined');
  });

  it('drops an oversized broadcast without an ack: the sender sees "ok", nobody receives it', async () => {
    const room = topic('noack');
    const sender = client(api).channel(room);
    const receiverClient = client(api);
    const receiver = receiverClient.channel(room);
    const got = received(receiver, 'msg');
    await subscribed(sender);
    await subscribed(receiver);
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: { n: 1, text: text(2000) } })).toBe('ok');
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: { n: 2 } })).toBe('ok');
    await waitFor(() => got.length === 1, 'the small broadcast');
    await settled(receiverClient);
    expect(got).toEqual([{ n: 2 }]);
  });

  it('measures a JSON broadcast frame as Realtime does and replies payload_size_exceeded on the wire', async () => {
    const room = topic('json');
    const { ws, frames } = await rawSocket(api);
    try {
      ws.send(JSON.stringify(['1', '1', `realtime:${room}`, 'phx_join', { config: { broadcast: { ack: true, self: true } } }]));
      await waitFor(() => frames.some((f) => f[1] === '1' && f[3] === 'phx_reply'), 'the join reply');
      // %{"type" => "broadcast", "event" => "big", "payload" => %{"text" => text}}: 78 + n bytes.
      ws.send(JSON.stringify(['1', '2', `realtime:${room}`, 'broadcast', { type: 'broadcast', event: 'big', payload: { text: text(1423) } }]));
      ws.send(JSON.stringify(['1', '3', `realtime:${room}`, 'broadcast', { type: 'broadcast', event: 'big', payload: { text: text(1422) } }]));
      await waitFor(() => frames.some((f) => f[1] === '3'), 'the second reply');
      expect(frames.find((f) => f[1] === '2')).toEqual(['1', '2', `realtime:${room}`, 'phx_reply', { status: 'error', response: 'payload_size_exceeded' }]);
      expect(frames.find((f) => f[1] === '3')).toEqual(['1', '3', `realtime:${room}`, 'phx_reply', { status: 'ok', response: {} }]);
      // Only the broadcast at the limit reached the channel (it joined with `self`).
      await waitFor(() => frames.some((f) => f[3] === 'broadcast'), 'the delivered broadcast');
      const delivered = frames.filter((f) => f[3] === 'broadcast');
      expect(delivered).toEqual([[null, null, `realtime:${room}`, 'broadcast', { type: 'broadcast', event: 'big', payload: { text: text(1422) } }]]);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.close();
    }
  });

  it('ends the channel of an oversized presence track ("Track message size exceeded"); the socket and its other channels go on', async () => {
    const room = topic('presence');
    const trackerClient = client(api);
    const tracker = trackerClient.channel(room, { config: { presence: { key: 'big' } } });
    const notices = systemMessages(tracker);
    const other = trackerClient.channel(topic('other'), { config: { broadcast: { self: true, ack: true } } });
    const otherGot = received(other, 'still');
    const observer = client(api).channel(room, { config: { presence: { key: 'observer' } } });
    observer.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(tracker);
    await subscribed(other);
    await subscribed(observer);
    // %{"text" => text}: 20 + n bytes; 1481 is one over.
    expect(await tracker.track({ text: text(1480) })).toBe('ok');
    await waitFor(() => observer.presenceState().big !== undefined, 'the tracked presence');
    void tracker.track({ text: text(1481) });
    await waitFor(() => notices.some((n) => n.message === 'Track message size exceeded'), 'the size notice');
    expect(notices.find((n) => n.message === 'Track message size exceeded')).toMatchObject({ extension: 'system', status: 'error' });
    await waitFor(() => tracker.state === 'closed', 'the tracking channel closed');
    // Leaving with the channel takes its presence away; the oversized payload never reached anyone.
    await waitFor(() => observer.presenceState().big === undefined, 'the presence left');
    expect(trackerClient.realtime.isConnected()).toBe(true);
    expect(await other.send({ type: 'broadcast', event: 'still', payload: { ok: true } })).toBe('ok');
    await waitFor(() => otherGot.length === 1, 'a broadcast on the same socket');
  });

  it('refuses oversized REST broadcasts with 422 and sends none of the request', async () => {
    const room = topic('rest');
    const receiverClient = client(api);
    const receiver = receiverClient.channel(room);
    const got = received(receiver, 'rest');
    await subscribed(receiver);
    const restClient = client(api);
    const unjoined = restClient.channel(room);
    const url = receiver.broadcastEndpointURL;
    const singleUrl = new URL(url);
    singleUrl.pathname += `/${encodeURIComponent(room)}/events/rest`;
    const headers = { 'Content-Type': 'application/json', apikey: anonKey() };

    // httpSend() JSON: the body object, %{"text" => text} = 20 + n bytes.
    await expect(unjoined.httpSend('rest', { text: text(1481) })).rejects.toThrow('Unprocessable Entity');
    const single = await fetch(singleUrl, { method: 'POST', headers, body: JSON.stringify({ text: text(1481) }) });
    expect(single.status).toBe(422);
    expect(await single.json()).toEqual({ errors: { payload: ['Payload size exceeds tenant limit'] } });
    expect(await unjoined.httpSend('rest', { text: text(1480) })).toEqual({ success: true });
    // httpSend() binary: a binary is 6 + n bytes.
    await expect(unjoined.httpSend('rest', new Uint8Array(1495))).rejects.toThrow('Unprocessable Entity');
    expect(await unjoined.httpSend('rest', new Uint8Array(1494))).toEqual({ success: true });

    // The batch endpoint (send() before joining): one oversized message invalidates the request.
    const batch = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ messages: [{ topic: room, event: 'rest', payload: { n: 'batch' } }, { topic: room, event: 'rest', payload: { text: text(1481) } }] }),
    });
    expect(batch.status).toBe(422);
    expect(await batch.json()).toEqual({ errors: { messages: [{}, { payload: ['Payload size exceeds tenant limit'] }] } });
    expect(await unjoined.send({ type: 'broadcast', event: 'rest', payload: { text: text(1481) } })).toBe('error');
    expect(await unjoined.send({ type: 'broadcast', event: 'rest', payload: { n: 'last' } })).toBe('ok');

    await waitFor(() => got.length === 3, 'the accepted REST broadcasts');
    await settled(receiverClient);
    expect(got).toEqual([{ text: text(1480) }, expect.anything(), { n: 'last' }]);
    await restClient.removeChannel(unjoined);
  });
});

describe('the default (3000 kB, the self-hosted and CLI tenant)', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi({});
  });

  it('delivers a 2 MB broadcast, refuses a 3.1 MB one, and closes a socket sending a frame over 5 MB', { timeout: 30_000 }, async () => {
    const room = topic('default');
    const sender = client(api).channel(room, { config: { broadcast: { ack: true } } });
    const receiver = client(api).channel(room);
    const got = received(receiver, 'blob');
    await subscribed(sender);
    await subscribed(receiver);
    expect(await sender.send({ type: 'broadcast', event: 'blob', payload: { text: text(2_000_000) } }, { timeout: 20_000 })).toBe('ok');
    await waitFor(() => got.length === 1, 'the 2 MB broadcast', 20_000);
    expect((got[0] as { text: string }).text.length).toBe(2_000_000);
    expect(await sender.send({ type: 'broadcast', event: 'blob', payload: { text: text(3_100_000) } }, { timeout: 20_000 })).toBe('error');

    const { ws } = await rawSocket(api);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify(['1', '1', `realtime:${room}`, 'broadcast', { type: 'broadcast', event: 'blob', payload: { text: text(5_000_000) } }]));
    expect(await closed).toBe(1009);
    expect(got.length).toBe(1);
  });
});
