import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, hardenServer, maxConnectionsPerAddress } from './http-util.ts';

let server: http.Server | undefined;
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
  }
});

async function hardened(max: number): Promise<{ port: number; refused: string[] }> {
  const refused: string[] = [];
  server = http.createServer((_req, res) => res.end('ok'));
  hardenServer(server, { maxConnectionsPerAddress: max, onRefused: (address) => refused.push(address) });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.address() as net.AddressInfo).port, refused };
}

/** Connects and resolves with whether the server closed the socket within `waitMs`. */
function connect(port: number, waitMs = 200): Promise<{ socket: net.Socket; closed: boolean; data: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    sockets.push(socket);
    const state = { socket, closed: false, data: '' };
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => (state.data += chunk.toString('latin1')));
    socket.once('close', () => (state.closed = true));
    socket.once('connect', () => setTimeout(() => resolve(state), waitMs));
  });
}

describe('maxConnectionsPerAddress', () => {
  it('reads SDV_MAX_CONNECTIONS_PER_ADDRESS, 256 by default', () => {
    expect(maxConnectionsPerAddress({})).toBe(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    expect(maxConnectionsPerAddress({ SDV_MAX_CONNECTIONS_PER_ADDRESS: '12' })).toBe(12);
    expect(() => maxConnectionsPerAddress({ SDV_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/positive integer/);
    expect(() => maxConnectionsPerAddress({ SDV_MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/positive integer/);
  });
});

describe('hardenServer', () => {
  it('sets the time limits', async () => {
    await hardened(4);
    expect(server?.headersTimeout).toBe(30_000);
    expect(server?.requestTimeout).toBe(120_000);
    expect(server?.keepAliveTimeout).toBe(5_000);
  });

  it('closes connections over the per-address cap at once and admits new ones after', async () => {
    const { port, refused } = await hardened(3);
    const first = await Promise.all([connect(port), connect(port), connect(port)]);
    expect(first.map((state) => state.closed)).toEqual([false, false, false]);
    const excess = await connect(port);
    expect(excess.closed).toBe(true);
    expect(refused).toEqual(['127.0.0.1']);
    first[0]?.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await connect(port)).closed).toBe(false);
  });

  it('answers garbage with 400 and closes the socket', async () => {
    const { port } = await hardened(4);
    const state = await connect(port, 0);
    state.socket.write('\x00GARBAGE\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(state.data.startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
    expect(state.closed).toBe(true);
  });
});
