// Losing Postgres: a second API server in this process reaches the test database through a TCP
// proxy that the test cuts and restores. While it is cut every API answers 503 (never a crash or a
// hang); once it is back everything works again without a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../local-stack/config.ts';
import { createPool } from '../../local-stack/db-session.ts';
import { startApiServer, type ApiServer } from '../../local-stack/server.ts';
import { DEMO_ACCOUNTS } from './helpers.ts';
import { freePort } from './free-ports.ts';

/** A TCP proxy that can refuse connections and cut the open ones, like a stopped Postgres. */
class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('the API server while Postgres is unreachable', () => {
  let proxy: CuttableProxy;
  let server: ApiServer;
  let pool: ReturnType<typeof createPool>;
  let storageDir: string;
  let base: string;
  let accessToken: string;

  const headers = (token?: string): Record<string, string> => ({
    apikey: inject('anonKey'),
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });
  const signIn = (): Promise<Response> =>
    fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(DEMO_ACCOUNTS.admin),
    });
  const getUser = (): Promise<Response> => fetch(`${base}/auth/v1/user`, { headers: headers(accessToken) });
  const restRead = (): Promise<Response> => fetch(`${base}/rest/v1/settings?select=*`, { headers: headers(accessToken) });
  const storageList = (): Promise<Response> =>
    fetch(`${base}/storage/v1/object/list/banners`, { method: 'POST', headers: headers(accessToken), body: JSON.stringify({ prefix: '' }) });

  beforeAll(async () => {
    const db = new URL(inject('dbUrl'));
    proxy = new CuttableProxy(db.hostname, Number(db.port));
    await proxy.up();
    const proxied = new URL(db.href);
    proxied.port = String(proxy.port);
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'sdv-outage-'));
    const apiPort = await freePort();
    const config = {
      ...loadConfig(),
      dataDir: storageDir,
      storageDir,
      apiPort,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      jwtSecret: inject('jwtSecret'),
      anonKey: inject('anonKey'),
      serviceRoleKey: inject('serviceRoleKey'),
    };
    pool = createPool(proxied.href, 5);
    server = await startApiServer({ config, pool, dbUrl: proxied.href, log: () => undefined });
    base = server.url;
    const response = await signIn();
    expect(response.status).toBe(200);
    accessToken = ((await response.json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    await server?.close();
    await pool?.end();
    await proxy?.down();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('works through the proxy', async () => {
    expect((await getUser()).status).toBe(200);
    expect((await restRead()).status).toBe(200);
  });

  it('answers 503 on every API while the database is gone, quickly', async () => {
    await proxy.down();
    const started = Date.now();
    const user = await getUser();
    expect(user.status).toBe(503);
    expect(user.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(((await user.json()) as { message: string }).message).toMatch(/không truy cập được/);
    const login = await signIn();
    expect(login.status).toBe(503);
    const rest = await restRead();
    expect(rest.status).toBe(503);
    const storage = await storageList();
    expect(storage.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The process is alive and still routes what needs no database.
    expect((await fetch(`${base}/auth/v1/health`)).status).toBe(200);
  });

  it('recovers by itself once the database is back', async () => {
    await proxy.up();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      status = (await getUser()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await signIn()).status).toBe(200);
    expect((await restRead()).status).toBe(200);
    expect((await storageList()).status).toBe(200);
  });
});
