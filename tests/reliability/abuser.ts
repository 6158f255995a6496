// The abusing client of realtime-abuse.test.ts and storage-share.test.ts, in a process of its own
// (`node --import tsx tests/reliability/abuser.ts <mode>`) so that its own work never delays the
// test process that measures the other users. Settings come from the environment; the outcome is
// printed as one JSON line on stdout.
//   realtime-broadcast: URL (websocket), TOPIC, ATTACKER (local address), SECONDS, BLOB_BYTES,
//     SLOW_WAIT_MS (how long the slow sockets are watched afterwards, 15 s) — three
//     sockets that stop reading and one sender pushing broadcasts as fast as the server reads them;
//   realtime-joins: URL, ATTACKER, SOCKETS, SECONDS — sockets joining channels with a
//     postgres_changes filter, 20 joins in flight each, reconnecting when closed;
//   storage: API, KEY, TOKEN, FOLDER, LOOPS, SECONDS — parallel loops of uploads and lists.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function open(): Promise<{ ws: WebSocket; status: number | undefined }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(env('URL'), { localAddress: env('ATTACKER') });
    ws.on('error', () => resolve({ ws, status: undefined }));
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ ws, status: res.statusCode });
    });
    ws.on('open', () => resolve({ ws, status: 101 }));
  });
}

async function realtimeBroadcast(): Promise<Record<string, unknown>> {
  const topic = env('TOPIC');
  const until = Date.now() + Number(env('SECONDS')) * 1000;
  const join = (ws: WebSocket) =>
    new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { broadcast: { self: false } } }]));
    });
  const slow: { ws: WebSocket; closed: boolean; shutDown: boolean }[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { ws } = await open();
    await join(ws);
    const entry = { ws, closed: false, shutDown: false };
    ws.on('close', () => (entry.closed = true));
    ws.on('message', (data, isBinary) => {
      if (!isBinary && data.toString().includes('Too many messages per second')) entry.shutDown = true;
    });
    ws.pause();
    slow.push(entry);
  }
  const { ws: sender } = await open();
  await join(sender);
  const blob = 'x'.repeat(Number(env('BLOB_BYTES')));
  let sent = 0;
  while (Date.now() < until && sender.readyState === sender.OPEN) {
    sent += 1;
    sender.send(JSON.stringify([null, null, topic, 'broadcast', { type: 'broadcast', event: 'blob', payload: { blob, sent } }]));
    while (sender.bufferedAmount > 1_000_000 && Date.now() < until) await sleep(5);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Reading again: each slow socket was closed, or its channel shut down (the notice arrives now).
  for (const entry of slow) entry.ws.resume();
  const deadline = Date.now() + Number(process.env.SLOW_WAIT_MS ?? 15_000);
  while (!slow.every((entry) => entry.closed || entry.shutDown) && Date.now() < deadline) await sleep(20);
  sender.terminate();
  for (const entry of slow) entry.ws.terminate();
  return { sent, bytes: sent * blob.length, closed: slow.filter((s) => s.closed).length, shutDown: slow.filter((s) => s.shutDown && !s.closed).length };
}

async function realtimeJoins(): Promise<Record<string, unknown>> {
  const until = Date.now() + Number(env('SECONDS')) * 1000;
  const replies: Record<string, number> = {};
  let joins = 0;
  let upgradesRefused = 0;
  const flood = async (index: number): Promise<void> => {
    while (Date.now() < until) {
      const { ws, status } = await open();
      if (status !== 101) {
        if (status === 429) upgradesRefused += 1;
        await sleep(20);
        continue;
      }
      await new Promise<void>((resolve) => {
        let ref = 0;
        const join = (): void => {
          if (Date.now() >= until || ws.readyState !== ws.OPEN) return;
          ref += 1;
          joins += 1;
          const binding = { event: 'INSERT', schema: 'public', table: 'messages', filter: `conversation_id=eq.${randomUUID()}` };
          ws.send(JSON.stringify([`${ref}`, `${ref}`, `realtime:flood-${index}-${ref % 50}`, 'phx_join', { config: { postgres_changes: [binding] } }]));
        };
        ws.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as [string | null, string | null, string, string, { status?: string; response?: { reason?: string } }];
          if (frame[3] !== 'phx_reply') return;
          const reason = frame[4].status === 'ok' ? 'ok' : (frame[4].response?.reason ?? 'error');
          replies[reason] = (replies[reason] ?? 0) + 1;
          join();
        });
        ws.on('close', () => resolve());
        for (let i = 0; i < 20; i += 1) join();
        const timer = setInterval(() => {
          if (Date.now() >= until) {
            clearInterval(timer);
            ws.terminate();
          }
        }, 50);
      });
    }
  };
  await Promise.all(Array.from({ length: Number(env('SOCKETS')) }, (_, i) => flood(i)));
  return { joins, replies, upgradesRefused };
}

async function storage(): Promise<Record<string, unknown>> {
  const until = Date.now() + Number(env('SECONDS')) * 1000;
  const headers = { Authorization: `Bearer ${env('TOKEN')}`, apikey: env('KEY') };
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const statuses: Record<string, number> = {};
  const codes = new Set<string>();
  const loop = async (): Promise<void> => {
    let n = 0;
    while (Date.now() < until) {
      n += 1;
      const response =
        n % 2 === 0
          ? await fetch(`${env('API')}/storage/v1/object/list/message-images`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ prefix: env('FOLDER'), limit: 20 }),
            })
          : await fetch(`${env('API')}/storage/v1/object/message-images/${env('FOLDER')}/share-abuse-${randomUUID()}.png`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'image/png' },
              body: png,
            });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const body = (await response.json()) as { code?: string };
      if (response.status === 429) {
        codes.add(String(body.code));
        await sleep(100);
      }
    }
  };
  await Promise.all(Array.from({ length: Number(env('LOOPS')) }, () => loop()));
  return { statuses, codes: [...codes] };
}

const modes: Record<string, () => Promise<Record<string, unknown>>> = { 'realtime-broadcast': realtimeBroadcast, 'realtime-joins': realtimeJoins, storage };
const run = modes[process.argv[2] ?? ''];
if (!run) throw new Error(`mode must be one of ${Object.keys(modes).join(', ')}`);
process.stdout.write(`${JSON.stringify(await run())}\n`);
process.exit(0);
