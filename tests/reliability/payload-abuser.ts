// The abusing client of realtime-payload-abuse.test.ts, in a process of its own
// (`node --import tsx tests/reliability/payload-abuser.ts`) so that its own work never delays the
// test process that measures the other users. Settings come from the environment: URL (websocket),
// TOPIC, ATTACKER (local address), SOCKETS, SECONDS, PAYLOAD_BYTES. Half the sockets push JSON
// broadcast frames, the other half binary user broadcast frames (what supabase-js sends), each with
// `ack`, one push in flight per socket, with a payload over Realtime's limit and under its frame
// bound. The outcome (pushes, bytes, replies by answer, sockets closed) is one JSON line on stdout.
import WebSocket from 'ws';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

/** A binary user broadcast push (kind 3) with a JSON payload, as realtime-js encodes it. */
function binaryPush(joinRef: string, ref: string, topic: string, event: string, payload: Buffer): Buffer {
  const head = Buffer.from([3, joinRef.length, ref.length, Buffer.byteLength(topic), event.length, 0, 1]);
  return Buffer.concat([head, Buffer.from(joinRef + ref + topic + event), payload]);
}

async function main(): Promise<Record<string, unknown>> {
  const topic = env('TOPIC');
  const until = Date.now() + Number(env('SECONDS')) * 1000;
  const text = 'x'.repeat(Number(env('PAYLOAD_BYTES')));
  const jsonPayload = Buffer.from(JSON.stringify({ text }));
  const replies: Record<string, number> = {};
  let pushes = 0;
  let bytes = 0;
  let closed = 0;

  const abuser = async (index: number): Promise<void> => {
    const ws = new WebSocket(env('URL'), { localAddress: env('ATTACKER') });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    let ref = 1;
    let answered: (() => void) | undefined;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(data.toString()) as [string | null, string | null, string, string, { status?: string; response?: unknown }];
      if (frame[3] !== 'phx_reply' || frame[1] === '1') return;
      const answer = `${frame[4].status ?? '?'}: ${typeof frame[4].response === 'string' ? frame[4].response : JSON.stringify(frame[4].response)}`;
      replies[answer] = (replies[answer] ?? 0) + 1;
      answered?.();
    });
    const join = new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
    });
    ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { broadcast: { ack: true, self: false } } }]));
    await join;
    let open = true;
    let ending = false;
    ws.on('close', () => {
      open = false;
      if (!ending) closed += 1;
      answered?.();
    });
    while (Date.now() < until && open) {
      ref += 1;
      const reply = new Promise<void>((resolve) => (answered = resolve));
      if (index % 2 === 0) {
        const frame = JSON.stringify(['1', String(ref), topic, 'broadcast', { type: 'broadcast', event: 'big', payload: { text } }]);
        bytes += frame.length;
        ws.send(frame);
      } else {
        const frame = binaryPush('1', String(ref), topic, 'big', jsonPayload);
        bytes += frame.length;
        ws.send(frame);
      }
      pushes += 1;
      await reply;
    }
    ending = true;
    ws.terminate();
  };
  await Promise.all(Array.from({ length: Number(env('SOCKETS')) }, (_, i) => abuser(i)));
  return { pushes, bytes, replies, closed };
}

main().then(
  (outcome) => {
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
