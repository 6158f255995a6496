// Attacks on the Storage API: oversized and mistyped uploads, path traversal in object names,
// uploads and reads the policies forbid, and forged tokens. Every refusal is asserted with the
// HTTP status and Storage's body ({statusCode, code, error, message}); nothing refused is stored.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../local-stack/config.ts';
import {
  accessTokenOf,
  anonClient,
  anonKey,
  apiUrl,
  createTestUser,
  DEMO_ACCOUNTS,
  rawRequest,
  signedInClient,
  sql,
  uniqueEmail,
} from './helpers.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LIMIT = 5 * 1024 * 1024;
const PROVIDER_ID = '00000000-0000-4000-a000-000000000003';
const storageDir = loadConfig({ ...process.env, SDV_PROFILE: 'test' }).storageDir;

let admin: SupabaseClient;
let adminToken: string;
let customer: SupabaseClient;
let customerToken: string;

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function objectCount(bucket: string, name: string): Promise<number> {
  return (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length;
}

/**
 * A request whose path is sent exactly as written (no URL normalisation on the client side, so
 * `..` and `%2e%2e` segments really reach the server).
 */
function verbatim(method: string, rawPath: string, headers: Record<string, string> = {}, body?: Buffer): Promise<{ status: number; json: () => unknown }> {
  const base = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ method, host: base.hostname, port: base.port, path: rawPath, headers: { apikey: anonKey(), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function tempFiles(): string[] {
  const dir = path.join(storageDir, '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  adminToken = await accessTokenOf(admin);
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  customerToken = await accessTokenOf(customer);
});

describe('bucket limits, enforced before anything is stored', () => {
  it('refuses a multipart file one byte over the bucket limit: 413', async () => {
    const name = `big_${Date.now()}.png`;
    const { error } = await admin.storage.from('banners').upload(name, new Blob([new Uint8Array(LIMIT + 1)], { type: 'image/png' }));
    expect(error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(await objectCount('banners', name)).toBe(0);
    expect(tempFiles()).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const name = `limit_${Date.now()}.png`;
    // Zero bytes declared as image/png: Storage checks the declared type and the size, not the content.
    const bytes = new Uint8Array(LIMIT);
    const { error } = await admin.storage.from('banners').upload(name, new Blob([bytes], { type: 'image/png' }));
    expect(error).toBeNull();
    await admin.storage.from('banners').remove([name]);
  });

  it('refuses a raw body over the limit with the exact Storage body', async () => {
    const response = await rawRequest('POST', `/storage/v1/object/banners/raw_${Date.now()}.png`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'image/png' },
      body: Buffer.alloc(LIMIT + 10),
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it('refuses a body far beyond any limit (60 MB) without reading it all', async () => {
    const response = await rawRequest('POST', `/storage/v1/object/banners/huge_${Date.now()}.png`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'image/png' },
      body: Buffer.alloc(60 * 1024 * 1024),
    }).catch((error: NodeJS.ErrnoException) => ({ status: 0, code: error.code }));
    // Either the answer arrives before the connection is closed, or the client sees the close.
    if (response.status !== 0) {
      expect(response.status).toBe(400);
      expect((response as { json: () => unknown }).json()).toMatchObject({ statusCode: '413' });
    } else {
      expect(['EPIPE', 'ECONNRESET']).toContain((response as { code: string }).code);
    }
  });

  it.each([
    ['text/plain', 'note.png'],
    ['image/svg+xml', 'logo.svg'],
    ['text/html', 'page.png'],
  ])('refuses MIME type %s: 415', async (type, file) => {
    const name = `${Date.now()}_${file}`;
    const { error } = await admin.storage.from('banners').upload(name, new Blob(['<svg onload=alert(1)>'], { type }));
    expect(error).toMatchObject({ status: 400, statusCode: '415', message: `mime type ${type} is not supported` });
    expect(await objectCount('banners', name)).toBe(0);
  });

  it('uses the multipart contentType field over the part type, as Storage does', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('contentType', 'text/html');
    form.append('', new Blob([PNG], { type: 'image/png' }));
    const { error } = await admin.storage.from('banners').upload(`ct_${Date.now()}.png`, form);
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
  });
});

describe('hostile form fields', () => {
  function multipart(fields: Record<string, string>, fileType: string): { body: Buffer; contentType: string } {
    const boundary = 'sdvfields';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: ${fileType}\r\n\r\n`));
    parts.push(Buffer.from(PNG), Buffer.from(`\r\n--${boundary}--\r\n`));
    return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it.each([
    ['a NUL in the metadata JSON', { cacheControl: '3600', metadata: '{"a":"x\\u0000y"}' }, 'image/png', '400', 'InvalidRequest'],
    ['metadata that is not an object', { metadata: '[1,2]' }, 'image/png', '400', 'InvalidRequest'],
    ['a control character in cacheControl', { cacheControl: 'max-age=1\u0001' }, 'image/png', '400', 'InvalidRequest'],
    ['a media type that is not type/subtype', {}, 'image/png<script>', '415', 'InvalidMimeType'],
  ])('refuses %s without a server error', async (_label, fields, fileType, statusCode, code) => {
    const name = `fields_${Date.now()}_${Math.random().toString(36).slice(2)}.png`;
    const { body, contentType } = multipart(fields, fileType);
    const response = await rawRequest('POST', `/storage/v1/object/banners/${name}`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': contentType },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode, code });
    expect(await objectCount('banners', name)).toBe(0);
    expect(tempFiles()).toEqual([]);
  });
});

describe('refused multipart bodies on a kept-alive connection', () => {
  interface Sent {
    status: number;
    body: string;
    localPort: number;
  }

  function send(agent: http.Agent, method: string, rawPath: string, headers: Record<string, string>, body?: Buffer): Promise<Sent> {
    const base = new URL(apiUrl());
    return new Promise((resolve, reject) => {
      const req = http.request({ method, host: base.hostname, port: base.port, path: rawPath, agent, headers: { apikey: anonKey(), ...headers } }, (res) => {
        const localPort = res.socket.localPort ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), localPort }));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers a body the parser rejects early with 400, reads the rest, and serves the next request on the same connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const boundary = 'sdvmalformed';
      // A part header far over the parser's limit (rejected after ~16 kB), then 2 MB more.
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nX-Long: ${'a'.repeat(100_000)}\r\n\r\n`),
        Buffer.alloc(2 * 1024 * 1024, 7),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const name = `malformed_${Date.now()}.png`;
      const first = await send(agent, 'POST', `/storage/v1/object/banners/${name}`, { Authorization: `Bearer ${adminToken}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body);
      expect(first.status).toBe(400);
      expect(JSON.parse(first.body)).toMatchObject({ code: 'InvalidRequest' });
      const second = await send(agent, 'GET', '/rest/v1/categories?select=id&limit=1', {});
      expect(second.status).toBe(200);
      expect(second.localPort).toBe(first.localPort);
      expect(await objectCount('banners', name)).toBe(0);
      expect(tempFiles()).toEqual([]);
    } finally {
      agent.destroy();
    }
  });
});

describe('interrupted uploads', () => {
  async function abortAfterHalf(contentType: string, head: Buffer, total: number): Promise<void> {
    const base = new URL(apiUrl());
    const name = `aborted_${Date.now()}_${Math.random().toString(36).slice(2)}.png`;
    await new Promise<void>((resolve) => {
      const req = http.request({
        method: 'POST',
        host: base.hostname,
        port: base.port,
        path: `/storage/v1/object/banners/${name}`,
        headers: { apikey: anonKey(), Authorization: `Bearer ${adminToken}`, 'Content-Type': contentType, 'Content-Length': String(total) },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(100_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    const started = Date.now();
    while (tempFiles().length > 0 && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 50));
    expect(tempFiles()).toEqual([]);
    expect(await objectCount('banners', name)).toBe(0);
  }

  it('drops the partial file of a raw upload cut by the client', async () => {
    await abortAfterHalf('image/png', Buffer.from(PNG), 1_000_000);
  });

  it('drops the partial file of a multipart upload cut by the client', async () => {
    const boundary = 'sdvboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    await abortAfterHalf(`multipart/form-data; boundary=${boundary}`, head, 1_000_000);
  });
});

describe('path traversal and invalid names', () => {
  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/%2e%2e/etc/passwd.png',
    'a/../../../etc/passwd.png',
    'x%2Fy.png',
    '..%5C..%5Cwindows.png',
    'a%00.png',
    'a%0d%0aSet-Cookie:x.png',
    '/absolute.png',
    'a//b.png',
  ])('refuses object name %s with 400 InvalidKey and writes nothing', async (rawName) => {
    const before = await sql<{ n: string }>('select count(*)::text as n from storage.objects');
    const response = await verbatim(
      'POST',
      `/storage/v1/object/banners/${rawName}`,
      { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'image/png' },
      Buffer.from(PNG),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey', error: 'InvalidKey' });
    const after = await sql<{ n: string }>('select count(*)::text as n from storage.objects');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses traversal on download and signing too', async () => {
    const download = await verbatim('GET', '/storage/v1/object/authenticated/banners/..%2F..%2F..%2Fpackage.json', {
      Authorization: `Bearer ${adminToken}`,
    });
    expect(download.status).toBe(400);
    expect(download.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const publicRead = await verbatim('GET', '/storage/v1/object/public/banners/%2e%2e/%2e%2e/%2e%2e/package.json');
    expect(publicRead.status).toBe(400);
    expect(publicRead.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const signed = await verbatim('POST', '/storage/v1/object/sign/banners/..%2f..%2fpackage.json', {
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/json',
    }, Buffer.from('{"expiresIn":60}'));
    expect(signed.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('keeps all stored bytes inside the storage folder', async () => {
    const rows = await sql<{ bucket_id: string; version: string }>('select bucket_id, version from storage.objects');
    for (const row of rows) {
      expect(row.version).toMatch(/^[0-9a-f-]{36}$/);
      const file = path.join(storageDir, row.bucket_id, row.version);
      expect(path.relative(storageDir, file).startsWith('..')).toBe(false);
    }
  });
});

describe('access decided by the storage.objects policies', () => {
  it('refuses a customer uploading to banners: 403 Unauthorized', async () => {
    const name = `customer_${Date.now()}.png`;
    const { error } = await customer.storage.from('banners').upload(name, new Blob([PNG], { type: 'image/png' }));
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await objectCount('banners', name)).toBe(0);
    expect(tempFiles()).toEqual([]);

    const raw = await rawRequest('POST', `/storage/v1/object/banners/${name}`, {
      headers: { Authorization: `Bearer ${customerToken}`, 'Content-Type': 'image/png', 'x-upsert': 'true' },
      body: Buffer.from(PNG),
    });
    expect(raw.status).toBe(400);
    expect(raw.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
  });

  it('refuses anon uploads', async () => {
    const { error } = await anonClient().storage.from('banners').upload(`anon_${Date.now()}.png`, new Blob([PNG], { type: 'image/png' }));
    expect(error).toMatchObject({ statusCode: '403' });
  });

  it('hides one provider’s documents from another provider and from customers', async () => {
    const name = `${PROVIDER_ID}/${Date.now()}-cmnd.png`;
    expect((await admin.storage.from('provider-documents').upload(name, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const email = uniqueEmail('provider-b');
    await createTestUser(email, 'Provider@123456', { role: 'provider' });
    const otherProvider = await signedInClient(email, 'Provider@123456');

    for (const client of [otherProvider, customer, anonClient()]) {
      const download = await client.storage.from('provider-documents').download(name);
      expect(download.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      const signed = await client.storage.from('provider-documents').createSignedUrl(name, 60);
      expect(signed.error).toMatchObject({ statusCode: '404' });
      const list = await client.storage.from('provider-documents').list(PROVIDER_ID);
      expect(list.data).toEqual([]);
      const removed = await client.storage.from('provider-documents').remove([name]);
      expect(removed.data).toEqual([]);
    }
    expect(await objectCount('provider-documents', name)).toBe(1);
  });

  it('lets anon read a banner by its public URL but not list the bucket', async () => {
    const name = `listed_${Date.now()}.png`;
    await admin.storage.from('banners').upload(name, new Blob([PNG], { type: 'image/png' }));
    const anon = anonClient();
    expect((await fetch(anon.storage.from('banners').getPublicUrl(name).data.publicUrl)).status).toBe(200);
    const listed = await anon.storage.from('banners').list();
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    const adminList = await admin.storage.from('banners').list('', { search: name });
    expect(adminList.data?.map((entry) => entry.name)).toEqual([name]);
  });

  it('refuses a customer deleting or overwriting a banner', async () => {
    const name = `keep_${Date.now()}.png`;
    await admin.storage.from('banners').upload(name, new Blob([PNG], { type: 'image/png' }));
    expect((await customer.storage.from('banners').remove([name])).data).toEqual([]);
    const overwrite = await customer.storage.from('banners').upload(name, new Blob([PNG, PNG], { type: 'image/png' }), { upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: '403' });
    expect((await admin.storage.from('banners').download(name)).data?.size).toBe(PNG.length);
  });
});

describe('forged tokens', () => {
  async function sign(claims: Record<string, unknown>, secret: string): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
  }

  async function expectRefused(token: string, message: string): Promise<void> {
    const upload = await rawRequest('POST', `/storage/v1/object/banners/forged_${Date.now()}.png`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
      body: Buffer.from(PNG),
    });
    expect(upload.status).toBe(400);
    expect(upload.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message });
    const list = await rawRequest('POST', '/storage/v1/object/list/provider-documents', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(list.status).toBe(400);
    expect(list.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  }

  it('refuses a token signed with another secret', async () => {
    const claims = decodeJwt(customerToken);
    await expectRefused(await sign({ ...claims, app_metadata: { admin: true } }, 'another-secret-with-at-least-32-characters!!'), 'invalid signature');
  });

  it('refuses alg: none', async () => {
    const claims = decodeJwt(customerToken);
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, role: 'service_role' })}.`, 'jwt malformed');
  });

  it('refuses tampered claims under the original signature', async () => {
    const [header, , signature] = customerToken.split('.');
    const claims = { ...decodeJwt(customerToken), app_metadata: { admin: true } };
    await expectRefused(`${header}.${b64url(claims)}.${signature}`, 'invalid signature');
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await sign({ ...decodeJwt(customerToken), iat: now - 7200, exp: now - 60 }, inject('jwtSecret')), 'jwt expired');
  });

  it('refuses a correctly signed token with an unknown role', async () => {
    await expectRefused(await sign({ ...decodeJwt(customerToken), role: 'postgres' }, inject('jwtSecret')), 'role "postgres" does not exist');
  });
});
