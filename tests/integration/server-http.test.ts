// The HTTP shell of the local API server: CORS on every response, preflight, 404s, websocket
// upgrades on unknown paths, malformed requests, and clear port-in-use errors.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { StartupError } from '../../local-stack/db.ts';
import { startStack } from '../../local-stack/stack.ts';
import { apiFetch, apiUrl } from './helpers.ts';

const ALLOW_HEADERS =
  'apikey, authorization, x-client-info, content-type, prefer, accept-profile, content-profile, x-supabase-api-version, x-upsert, cache-control, x-retry-count';
const EXPOSE_HEADERS = 'content-range, x-supabase-api-version, x-total-count, link';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';

/** Sends raw bytes and returns what the server answers (until it closes or 2 s pass). */
function rawExchange(payload: string): Promise<string> {
  const url = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 2000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (received) resolve(received);
      else reject(error);
    });
    socket.write(payload);
  });
}

describe('CORS', () => {
  it('answers a browser preflight with 204 and the allowed methods and headers', async () => {
    for (const target of ['/rest/v1/bookings?select=*', '/auth/v1/token?grant_type=password', '/storage/v1/object/banners/a.png', '/khong-co']) {
      const response = await fetch(`${apiUrl()}${target}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer, x-client-info',
        },
      });
      expect(response.status, target).toBe(204);
      expect(await response.text()).toBe('');
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(response.headers.get('vary')).toContain('Origin');
      expect(response.headers.get('access-control-allow-methods')).toBe(ALLOW_METHODS);
      expect(response.headers.get('access-control-allow-headers')).toBe(ALLOW_HEADERS);
      expect(response.headers.get('access-control-max-age')).toBe('86400');
    }
  });

  it('uses * when the request has no Origin', async () => {
    const response = await fetch(`${apiUrl()}/auth/v1/health`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('puts the CORS headers on successes, errors and 404s alike', async () => {
    const responses = [
      await apiFetch('/auth/v1/health', { headers: { Origin: 'http://127.0.0.1:5173' } }),
      await apiFetch('/auth/v1/user', { headers: { Origin: 'http://127.0.0.1:5173' } }),
      await apiFetch('/khong-co-duong-nay', { headers: { Origin: 'http://127.0.0.1:5173' } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404]);
    for (const response of responses) {
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      expect(response.headers.get('access-control-expose-headers')).toBe(EXPOSE_HEADERS);
    }
  });
});

describe('routing', () => {
  it('an unknown path is a 404 JSON body', async () => {
    for (const target of ['/', '/rest', '/rest/v2/bookings', '/auth/v1x/user', '/realtime/v1/websocket']) {
      const response = await apiFetch(target);
      expect(response.status, target).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ message: 'no Route matched with those values' });
    }
  });

  it('an unknown path inside the Auth API is 404 not_found in its shape', async () => {
    const response = await apiFetch('/auth/v1/khong-co');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-sb-error-code')).toBe('not_found');
  });

  it('a wrong method on an Auth route is 405', async () => {
    const response = await apiFetch('/auth/v1/token?grant_type=password', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('/auth/v1/health and /auth/v1/settings answer without a key', async () => {
    const health = await fetch(`${apiUrl()}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const settings = await fetch(`${apiUrl()}/auth/v1/settings`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ disable_signup: true, external: { email: true } });
  });

  it('a websocket upgrade on another path is refused with 404 and the connection closed', async () => {
    const answer = await rawExchange(
      'GET /realtime/v1/khac HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 404')).toBe(true);
  });

  it('a malformed request gets 400 and the server keeps serving', async () => {
    const answer = await rawExchange('THIS IS NOT HTTP\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect((await apiFetch('/auth/v1/health')).status).toBe(200);
  });
});

describe('ports in use', () => {
  it('startStack refuses with the port and the variable to change, before touching any database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdv-port-test-'));
    const port = new URL(inject('apiUrl')).port;
    try {
      const attempt = startStack({ profile: 'test', web: false, log: () => undefined, env: { SDV_DATA_DIR: dataDir, API_PORT: port } });
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow(new RegExp(`Port ${port}.*API_PORT`));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
