// The static server of `npm start`: config injection, prerendered pages, the admin shell, 404 for
// unknown paths, content types, caching, gzip, security headers, and no way out of dist/.
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectConfig, resolveInside, startStaticServer, type StaticServer } from '../../local-stack/static-server.ts';
import { freePort } from './free-ports.ts';

const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const page = (name: string) => INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${name}</h1></div>`);
const SCRIPT = `console.log(${JSON.stringify('Sàn Dịch Vụ '.repeat(200))});\n`;
const SECRET = 'bi-mat-khong-duoc-lo';
const RUNTIME = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon</script><script>alert(1)</script>' };

let root: string;
let site: StaticServer;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function get(rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sdv-static-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), page('Trang chủ'));
  await mkdir(path.join(dist, 'contact'));
  await writeFile(path.join(dist, 'contact', 'index.html'), page('Liên hệ'));
  await writeFile(path.join(dist, '404.html'), page('Không tìm thấy trang'));
  await writeFile(path.join(dist, 'spa.html'), INDEX);
  await mkdir(path.join(dist, 'images'));
  await writeFile(path.join(dist, 'images', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'secret.txt'), SECRET);
  await symlink(path.join(root, 'secret.txt'), path.join(dist, 'link.txt'));
  site = await startStaticServer({ distDir: dist, port: await freePort(), runtimeConfig: RUNTIME });
});

afterAll(async () => {
  await site?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('index.html', () => {
  it('is served with the runtime configuration first in <head>, not cached', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.body.toString('utf8');
    const config = html.indexOf('window.__SDV_CONFIG__=');
    expect(config).toBeGreaterThan(html.indexOf('<head>'));
    expect(config).toBeLessThan(html.indexOf('<script type="module"'));
    // The values cannot close the script element.
    expect(html).not.toContain('</script><script>alert(1)');
    const json = /window\.__SDV_CONFIG__=(\{.*?\})<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual(RUNTIME);
  });

  it('each prerendered page answers with its own HTML; the back office gets its shell, noindex', async () => {
    for (const [route, heading] of [['/', 'Trang chủ'], ['/index.html', 'Trang chủ'], ['/contact', 'Liên hệ'], ['/contact/', 'Liên hệ'], ['/contact?x=1', 'Liên hệ']]) {
      const answer = await get(route as string);
      expect(answer.status, route).toBe(200);
      expect(answer.body.toString('utf8'), route).toContain(`<h1>${heading}</h1>`);
      expect(answer.body.toString('utf8'), route).toContain('window.__SDV_CONFIG__');
    }
    for (const route of ['/admin', '/admin/bookings/7f0c?tab=1']) {
      const answer = await get(route);
      expect(answer.status, route).toBe(200);
      expect(answer.headers['x-robots-tag'], route).toBe('noindex');
      expect(answer.body.toString('utf8'), route).toContain('<div id="root"></div>');
      expect(answer.body.toString('utf8'), route).toContain('window.__SDV_CONFIG__');
    }
  });

  it('unknown paths answer 404 with the not-found page (not a soft 404)', async () => {
    for (const route of ['/trang-khong-ton-tai', '/contact/khong-co', '/khong-co.html', '/bookings/abc']) {
      const answer = await get(route);
      expect(answer.status, route).toBe(404);
      expect(answer.headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(answer.body.toString('utf8'), route).toContain('<h1>Không tìm thấy trang</h1>');
      expect(answer.body.toString('utf8'), route).toContain('window.__SDV_CONFIG__');
    }
  });

  it('preconnects to the API', async () => {
    const html = (await get('/contact')).body.toString('utf8');
    expect(html).toContain('<link rel="preconnect" href="http://127.0.0.1:54321" crossorigin>');
  });

  it("replaces the API preconnect a page was built with by the running API's, once", () => {
    const built = page('Liên hệ').replace('</head>', '<link rel="preconnect" href="http://127.0.0.1:9999" crossorigin data-api>\n<link rel="preconnect" href="https://fonts.example" crossorigin>\n</head>');
    const html = injectConfig(built, RUNTIME);
    expect(html).not.toContain('127.0.0.1:9999');
    expect(html.match(/<link rel="preconnect" href="http:\/\/127\.0\.0\.1:54321" crossorigin>/g)).toHaveLength(1);
    // Other preconnects stay.
    expect(html).toContain('<link rel="preconnect" href="https://fonts.example" crossorigin>');
  });

  it('is gzipped when the client accepts it', async () => {
    const answer = await get('/admin', { 'Accept-Encoding': 'gzip, deflate' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toContain('window.__SDV_CONFIG__');
  });
});

describe('security headers', () => {
  it('every answer carries a CSP that allows the inline configuration script by hash, the API and its websockets, and no framing', async () => {
    for (const route of ['/', '/admin', '/trang-khong-ton-tai', '/assets/index-abc123.js', '/logo.svg']) {
      const answer = await get(route);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, route).toContain("frame-ancestors 'none'");
      expect(csp, route).toContain("default-src 'self'");
      expect(csp, route).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:54321 ws:\/\/127\.0\.0\.1:54321/);
      expect(answer.headers['x-content-type-options'], route).toBe('nosniff');
      expect(answer.headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: no HSTS (it belongs to the TLS terminator).
      expect(answer.headers['strict-transport-security'], route).toBeUndefined();
    }
    const answer = await get('/');
    const inline = /<script>(window\.__SDV_CONFIG__=.*?)<\/script>/.exec(answer.body.toString('utf8'))?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(String(answer.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('files', () => {
  it('versioned public files are cached for a year, unversioned ones for an hour', async () => {
    expect((await get('/images/a.svg?v=0123456789')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/images/a.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/images/a.svg?v=x')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('assets get their content type and a long immutable cache, gzipped on request', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    const zipped = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(SCRIPT);
    const svg = await get('/logo.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a compressed file is served from memory until the file changes, then the new version', async () => {
    const file = path.join(root, 'dist', 'assets', 'doi-noi-dung.js');
    await writeFile(file, SCRIPT);
    const first = await get('/assets/doi-noi-dung.js', { 'Accept-Encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(gunzipSync(first.body).toString('utf8')).toBe(SCRIPT);
    const changed = SCRIPT.replace('Sàn', 'Chợ');
    await writeFile(file, changed);
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    const second = await get('/assets/doi-noi-dung.js', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(second.body).toString('utf8')).toBe(changed);
  });

  it('a missing file with an extension is 404, not the SPA', async () => {
    const answer = await get('/assets/khong-co.js');
    expect(answer.status).toBe(404);
  });

  it('HEAD has headers and no body; other methods are 405', async () => {
    const head = await get('/assets/index-abc123.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get('/', {}, 'POST')).status).toBe(405);
  });
});

describe('never leaves dist/', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00/../secret.txt',
    '/link.txt',
    '//etc/passwd',
    '/%E0%A4%A',
  ])('%s', async (rawPath) => {
    const answer = await get(rawPath);
    expect(answer.body.toString('utf8')).not.toContain(SECRET);
    expect(answer.body.toString('utf8')).not.toContain('root:');
    expect([200, 400, 404]).toContain(answer.status);
  });

  it('resolveInside refuses traversal and accepts normal paths', () => {
    expect(resolveInside('/srv/dist', '/assets/a.js')).toBe('/srv/dist/assets/a.js');
    expect(resolveInside('/srv/dist', '/a%20b.png')).toBe('/srv/dist/a b.png');
    expect(resolveInside('/srv/dist', '/../x')).toBeUndefined();
    expect(resolveInside('/srv/dist', '/a/%2e%2e/%2e%2e/x')).toBeUndefined();
    expect(resolveInside('/srv/dist', '/a%2fb')).toBeUndefined();
    expect(resolveInside('/srv/dist', '/a%00b')).toBeUndefined();
  });

  it('injectConfig works without a <head> too', () => {
    expect(injectConfig('<p>x</p>', RUNTIME).startsWith('<script>window.__SDV_CONFIG__=')).toBe(true);
  });
});
