// Connection abuse against the API server, from loopback: one address (127.0.0.2) opens 2,000
// idle TCP connections; the server keeps at most SDV_MAX_CONNECTIONS_PER_ADDRESS (256) of them and
// closes the rest at once, so another client (127.0.0.1) still gets REST and Auth answers fast.
// A socket that sends garbage gets a 400 and is closed. Counts and times are bounded (< 30 s).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../../local-stack/http-util.ts';
import { accessTokenOf, apiFetch, apiUrl, createTestUser, signedInClient, uniqueEmail } from './helpers.ts';

const ATTACK_SOCKETS = 2_000;
const ATTACKER = '127.0.0.2';
const P95_BOUND_MS = 250;

interface Held {
  socket: net.Socket;
  closed: boolean;
}

let token: string;
const held: Held[] = [];

function target(): { host: string; port: number } {
  const url = new URL(apiUrl());
  return { host: url.hostname, port: Number(url.port) };
}

/** Opens one idle connection from `localAddress`; resolves once it is connected or already gone. */
function openIdle(localAddress: string): Promise<Held> {
  return new Promise((resolve) => {
    const socket = net.connect({ ...target(), localAddress });
    const entry: Held = { socket, closed: false };
    socket.on('error', () => undefined);
    socket.once('close', () => {
      entry.closed = true;
      resolve(entry);
    });
    socket.once('connect', () => resolve(entry));
  });
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

beforeAll(async () => {
  const email = uniqueEmail('abuse');
  await createTestUser(email, 'Abuse@123456');
  token = await accessTokenOf(await signedInClient(email, 'Abuse@123456'));
});

afterAll(() => {
  for (const entry of held) entry.socket.destroy();
});

describe('idle connections from one address', () => {
  it(`keeps at most ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS} of ${ATTACK_SOCKETS} and still answers others`, async () => {
    for (let i = 0; i < ATTACK_SOCKETS; i += 200) {
      held.push(...(await Promise.all(Array.from({ length: 200 }, () => openIdle(ATTACKER)))));
    }
    // The server closes the excess as soon as it accepts them.
    const deadline = Date.now() + 5_000;
    while (held.filter((entry) => !entry.closed).length > DEFAULT_MAX_CONNECTIONS_PER_ADDRESS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const open = held.filter((entry) => !entry.closed).length;
    expect(open).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    expect(open).toBeGreaterThan(0);

    // Another client, while the attacker holds its connections: REST and Auth stay fast.
    const rest: number[] = [];
    const auth: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      rest.push(await timed(() => apiFetch('/rest/v1/categories?select=*&limit=5', { token })));
      auth.push(await timed(() => apiFetch('/auth/v1/user', { token })));
    }
    console.log(`[abuse-connections] ${open} attacker sockets held; REST p95 ${p95(rest).toFixed(1)} ms, Auth p95 ${p95(auth).toFixed(1)} ms`);
    expect(p95(rest)).toBeLessThan(P95_BOUND_MS);
    expect(p95(auth)).toBeLessThan(P95_BOUND_MS);

    // Once the attacker lets go, its address may connect again.
    for (const entry of held) entry.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await openIdle(ATTACKER);
    held.push(again);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(again.closed).toBe(false);
    again.socket.destroy();
  });
});

describe('garbage on a socket', () => {
  it('answers 400 and closes the socket', async () => {
    const { received, closedInMs } = await new Promise<{ received: string; closedInMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect({ ...target(), localAddress: '127.0.0.3' });
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`socket still open after 5 s (received ${JSON.stringify(received)})`));
      }, 5_000);
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.once('connect', () => socket.write('\x00\x01GARBAGE not http\r\n\r\n'));
      socket.once('close', () => {
        clearTimeout(timer);
        resolve({ received, closedInMs: Date.now() - started });
      });
    });
    expect(received.startsWith('HTTP/1.1 400')).toBe(true);
    expect(closedInMs).toBeLessThan(2_000);
  });
});
