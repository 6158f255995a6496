// Bad input fuzz: random query strings to /rest/v1 and random multipart bodies to /storage/v1 for
// a bounded time, from a seeded PRNG (printed; replay with FUZZ_SEED=<seed>, FUZZ_SECONDS=<s>).
// No 5xx except the documented ones (57014 statement timeout in PostgREST's shape), no crash:
// the server still answers afterwards.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, anonKey, apiUrl, prng, serviceRoleKey, sql, type AdminSession } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 12);

let admin: AdminSession;

beforeAll(async () => {
  [admin] = (await adminSessions(1)) as [AdminSession];
  console.log(`[fuzz] seed ${SEED}, ${SECONDS} s per target (replay: FUZZ_SEED=${SEED} FUZZ_SECONDS=${SECONDS})`);
});

interface Answer {
  status: number;
  body: string;
}

/**
 * A raw request (no URL normalisation: whatever bytes the fuzzer made go on the wire), each on its
 * own connection: a reset is then the server's answer to this request, not the idle-connection race
 * of a kept-alive socket (a refused body on a reused connection is tested in
 * tests/integration/attack-storage.test.ts).
 */
function send(method: string, rawPath: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const url = new URL(apiUrl());
  // Node's client refuses spaces and characters above U+00FF in a path: those are sent encoded.
  const wirePath = rawPath.replace(/[^\u0021-\u00ff]/gu, (c) => encodeURIComponent(c));
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method, path: wirePath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
      res.on('error', (error) => resolve({ status: -1, body: error.message }));
      });
    } catch (error) {
      // A header the client itself will not send (not a server answer): skipped.
      resolve({ status: 0, body: error instanceof Error ? error.message : String(error) });
      return;
    }
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: -1, body: error.message }));
    if (body) req.write(body);
    req.end();
  });
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (random: Random, max: number): number => Math.floor(random() * max);

const TABLES = ['bookings', 'profiles', 'deposit_history', 'commissions', 'reviews', 'categories', 'subcategories', 'service_items', 'discount_codes', 'settings', 'messages', 'conversations', 'audit_log', 'nope', 'pg_user', 'rpc/admin_dashboard', 'rpc/admin_list_bookings', 'rpc/không_có', ''];
const COLUMNS = ['id', 'name', 'status', 'created_at', 'amount', 'deposit', 'final_price', 'rating', 'email', 'provider_id', 'x', 'tên', '*', 'a->b', 'metadata->>k', 'id::text', 'id::constructor', 'name::__proto__', 'id::toString', 'count()', 'sum(amount)', '"quoted"', 'count', ''];
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'not.eq', 'not.in', 'any', 'all', 'eq(any)', 'like(any)', 'ilike(all)', 'gt(all)', 'match(any)', 'in(any)', 'bogus', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const VALUES = ['1', '-1', '0', 'null', 'true', 'not_null', 'unknown', 'abc', '(1,2,3)', '("a","b")', '{1,2}', '{a*,"b,c"}', '{', '[1,2]', '2026-01-01', 'NaN', 'Infinity', '1e309', "'; drop table bookings; --", '<script>alert(1)</script>', 'Nguyễn Văn Ánh', '🙂', '%', '*', '\u0000', '\uFFFF', '00000000-0000-0000-0000-000000000000', 'x'.repeat(4000)];
const JUNK = ['%', '%zz', '%C3', '&&&', '===', '()', '(((', ')))', ',,', '..', '\\', '"', "'", '`', '%00', '%FF%FE', '+', ' ', '#', ';', '|', '~', '^', '{}', '[]', '\u200b', 'ℌ', '؄'];

function junk(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += pick(random, JUNK);
  return out;
}

/** Percent-encodes most of the time, sometimes sends the raw (possibly invalid) text. */
function encode(random: Random, text: string): string {
  if (random() < 0.75) return encodeURIComponent(text);
  return Array.from(text, (c) => (/[\s#?]/.test(c) || (c.codePointAt(0) ?? 0) < 0x20 || (c.codePointAt(0) ?? 0) > 0x7e ? encodeURIComponent(c) : c)).join('');
}

function randomSelect(random: Random): string {
  const parts: string[] = [];
  for (let i = 0, n = 1 + int(random, 4); i < n; i += 1) {
    const column = pick(random, COLUMNS);
    const roll = random();
    if (roll < 0.15) parts.push(`${pick(random, ['x', 'p', 'alias'])}:${pick(random, TABLES)}(${pick(random, COLUMNS)})`);
    else if (roll < 0.25) parts.push(`${pick(random, TABLES)}!${pick(random, ['inner', 'left', 'bookings_provider_id_fkey', 'nope'])}(${randomSelect(random)})`);
    else if (roll < 0.3) parts.push(junk(random, 3));
    else if (roll < 0.36) parts.push(`...${pick(random, TABLES)}(${pick(random, COLUMNS)})`);
    else parts.push(column);
  }
  return parts.join(',');
}

function randomQuery(random: Random): string {
  const params: string[] = [];
  for (let i = 0, n = int(random, 6); i < n; i += 1) {
    const roll = random();
    if (roll < 0.25) params.push(`select=${encode(random, randomSelect(random))}`);
    else if (roll < 0.55) params.push(`${encode(random, pick(random, COLUMNS))}=${encode(random, `${pick(random, OPS)}.${pick(random, VALUES)}`)}`);
    else if (roll < 0.65) params.push(`order=${encode(random, `${pick(random, COLUMNS)}.${pick(random, ['asc', 'desc', 'nullsfirst', 'x'])}`)}`);
    else if (roll < 0.72) params.push(`${pick(random, ['limit', 'offset'])}=${pick(random, ['-1', '0', '10', '99999999999999999999', 'abc', '1.5'])}`);
    else if (roll < 0.8) params.push(`${pick(random, ['or', 'and', 'not.or'])}=${encode(random, `(${pick(random, COLUMNS)}.${pick(random, OPS)}.${pick(random, VALUES)},${junk(random, 2)})`)}`);
    else if (roll < 0.9) params.push(junk(random, 1 + int(random, 8)));
    else params.push(`${encode(random, pick(random, VALUES))}=${encode(random, pick(random, VALUES))}`);
  }
  if (random() < 0.02) params.push(`q=${'a'.repeat(20_000)}`);
  return params.join('&');
}

/**
 * SQL errors that mean the server wrote broken SQL from a query string: a syntax error (42601), a
 * mistyped expression (42804) or a function that does not exist (42883 "function …"). Malformed
 * input must be refused by the parser (PGRST1xx) before any SQL exists. One 42883 is PostgREST's
 * own answer and stays allowed: an operator the client asked for that the column's type lacks
 * (`created_at=like.x` → "operator does not exist: timestamp with time zone ~~ text", HTTP 404),
 * and so does Postgres' "syntax error in tsquery" (42601) for the text of an fts filter, and the
 * 42804 of `sl`/`sr` (<< and >>) on an integer column, where they are bit shifts.
 */
function sqlBuiltWrong(body: string, line: string): boolean {
  // `sl`/`sr` are << and >>, bit shifts on integer columns: PostgREST's SQL is then not a condition.
  const shiftOnNumber = /[?&][^=&]*=(not\.)?s[lr]\./.test(line) && body.includes('argument of WHERE must be type boolean');
  // `is.true`, `is.false` and `is.unknown` are `IS TRUE` / `IS FALSE` / `IS UNKNOWN`, which Postgres
  // takes on booleans only: on another column PostgREST answers 400 42804 too.
  const unknownOnNonBoolean =
    /[?&][^=&]*=(not\.)?is\.(true|false|unknown)/.test(line) && /argument of IS (NOT )?(TRUE|FALSE|UNKNOWN) must be type boolean/.test(body);
  return (
    /"code":"42601","message":"(?!syntax error in tsquery)/.test(body) ||
    (/"code":"42804"/.test(body) && !shiftOnNumber && !unknownOnNonBoolean) ||
    /"code":"42883","message":"(?!operator does not exist)/.test(body)
  );
}

/** 5xx answers the API documents for bad input: a statement cut by the timeout. */
function documented(answer: Answer): boolean {
  return answer.status === 500 && answer.body.includes('"57014"');
}

describe('fuzz', () => {
  it(`random query strings to /rest/v1 (${SECONDS} s)`, { timeout: (SECONDS + 60) * 1000 }, async () => {
    const random = prng(SEED);
    const deadline = Date.now() + SECONDS * 1000;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let count = 0;
    while (Date.now() < deadline) {
      const batch = Array.from({ length: 4 }, () => {
        const table = pick(random, TABLES);
        const query = randomQuery(random);
        const rawPath = `/rest/v1/${random() < 0.1 ? junk(random, 2) : table}${query ? `?${query}` : ''}`;
        const asAdmin = random() < 0.6;
        // Writes go as anon (RLS refuses them, the parsers still run); the admin only reads and
        // calls read-only RPCs, so the fuzzer never changes the suite's data.
        const readOnlyRpc = table === 'rpc/admin_dashboard' || table === 'rpc/admin_list_bookings';
        const method = asAdmin
          ? readOnlyRpc
            ? 'POST'
            : pick(random, ['GET', 'GET', 'GET', 'HEAD'])
          : pick(random, ['GET', 'HEAD', 'PATCH', 'DELETE', 'POST']);
        const headers: Record<string, string> = { apikey: anonKey() };
        if (asAdmin) headers.Authorization = `Bearer ${admin.token}`;
        if (random() < 0.3) headers.Prefer = pick(random, ['count=exact', 'count=estimated', 'return=representation', 'tx=rollback', 'handling=strict', 'garbage', 'constructor=x', '__proto__=1']);
        if (random() < 0.2) headers.Accept = pick(random, ['text/csv', 'application/vnd.pgrst.object+json', 'application/xml', '*/*', 'text/html']);
        if (random() < 0.1) headers.Range = pick(random, ['0-9', '5-', 'x-y', '-1-3']);
        let body: Buffer | undefined;
        if (method === 'POST' || method === 'PATCH') {
          headers['Content-Type'] = pick(random, ['application/json', 'application/json', 'text/csv', 'application/x-www-form-urlencoded', 'text/plain']);
          body = Buffer.from(
            pick(random, ['{}', '[]', 'null', '{"name":"x"}', `{"${pick(random, COLUMNS)}":${JSON.stringify(pick(random, VALUES))}}`, junk(random, 10), '[{"a":1},{"b":2}]', '{"p_limit":-5}']),
          );
        }
        return send(method, rawPath, headers, body).then((answer) => ({ answer, line: `${method} ${rawPath.slice(0, 300)} (${asAdmin ? 'admin' : 'anon'})` }));
      });
      for (const { answer, line } of await Promise.all(batch)) {
        count += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === -1 || (answer.status >= 500 && !documented(answer)) || sqlBuiltWrong(answer.body, line)) {
          failures.push(`${answer.status} ${line} → ${answer.body.slice(0, 200)}`);
        }
      }
    }
    console.log(`[fuzz] REST: ${count} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures.slice(0, 10)).toEqual([]);
    const health = await send('GET', '/rest/v1/', { apikey: anonKey() });
    expect(health.status).toBeGreaterThan(0);
    expect(health.status).toBeLessThan(500);
    expect((await send('GET', '/rest/v1/categories?select=id&limit=1', { apikey: anonKey() })).status).toBe(200);
  });

  describe('random multipart bodies to /storage/v1', () => {
    afterAll(async () => {
      // Remove what the fuzzer managed to store, through the API (rows and files together).
      const rows = await sql<{ bucket_id: string; name: string }>("select bucket_id, name from storage.objects where name like 'fuzz/%'");
      const byBucket = new Map<string, string[]>();
      for (const row of rows) byBucket.set(row.bucket_id, [...(byBucket.get(row.bucket_id) ?? []), row.name]);
      for (const [bucket, names] of byBucket) {
        const response = await fetch(`${apiUrl()}/storage/v1/object/${bucket}`, {
          method: 'DELETE',
          headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ prefixes: names }),
        });
        expect(response.status).toBe(200);
      }
    });

    it(`no 5xx and no crash (${SECONDS} s)`, { timeout: (SECONDS + 60) * 1000 }, async () => {
      const random = prng(SEED + 1);
      const deadline = Date.now() + SECONDS * 1000;
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let count = 0;
      const bytes = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => int(random, 256)));
      while (Date.now() < deadline) {
        const batch = Array.from({ length: 3 }, () => {
          const boundary = random() < 0.9 ? `----sdvfuzz${int(random, 1e9)}` : junk(random, 3);
          const declared = random() < 0.85 ? boundary : `other${int(random, 100)}`;
          const parts: Buffer[] = [];
          for (let i = 0, n = int(random, 4); i < n; i += 1) {
            const field = pick(random, ['', 'file', 'cacheControl', 'metadata', 'contentType', junk(random, 2), 'x'.repeat(300)]);
            const filename = random() < 0.6 ? `; filename="${pick(random, ['a.png', '', '../../etc/passwd', 'ảnh.png', junk(random, 4)])}"` : '';
            const type = random() < 0.7 ? `\r\nContent-Type: ${pick(random, ['image/png', 'image/jpeg', 'text/html', 'application/pdf', '', junk(random, 2)])}` : '';
            const content =
              field === 'metadata' ? Buffer.from(pick(random, ['{"a":1}', '[', 'null', junk(random, 5)])) : bytes(pick(random, [0, 1, 10, 1000, 70_000]));
            parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename}${type}\r\n\r\n`), content, Buffer.from('\r\n'));
          }
          if (random() < 0.8) parts.push(Buffer.from(`--${boundary}--\r\n`));
          let body = Buffer.concat(parts);
          if (random() < 0.15) body = body.subarray(0, int(random, body.length + 1));
          if (random() < 0.05) body = Buffer.concat([body, bytes(6 * 1024 * 1024)]);
          const bucket = pick(random, ['banners', 'provider-documents', 'message-images', 'avatars', 'nope', junk(random, 2)]);
          const name = random() < 0.8 ? `fuzz/${int(random, 1e6)}.png` : `fuzz/${encode(random, junk(random, 5))}`;
          const headers: Record<string, string> = {
            apikey: anonKey(),
            'Content-Type': random() < 0.9 ? `multipart/form-data; boundary=${declared}` : pick(random, ['multipart/form-data', 'multipart/mixed; boundary=x', 'image/png']),
          };
          if (random() < 0.8) headers.Authorization = `Bearer ${admin.token}`;
          if (random() < 0.2) headers['x-upsert'] = pick(random, ['true', 'false', 'maybe']);
          const method = random() < 0.8 ? 'POST' : 'PUT';
          const rawPath = `/storage/v1/object/${bucket}/${name}`;
          const replay = (): string => {
            const shown = { ...headers, apikey: 'anon', ...(headers.Authorization ? { Authorization: 'admin' } : {}) };
            return `headers ${JSON.stringify(shown)} body ${JSON.stringify(body.subarray(0, 400).toString('latin1'))}`;
          };
          return send(method, rawPath, headers, body).then((answer) => ({ answer, line: `${method} ${rawPath} (${body.length} B)`, replay }));
        });
        for (const { answer, line, replay } of await Promise.all(batch)) {
          count += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          // A connection closed by the server on an oversized body (documented) is not a crash.
          const closedOnOversize = answer.status === -1 && /\((\d+) B\)/.exec(line)?.[1] !== undefined && Number(/\((\d+) B\)/.exec(line)?.[1]) > 5 * 1024 * 1024;
          if ((answer.status === -1 && !closedOnOversize) || answer.status >= 500) failures.push(`${answer.status} ${line} → ${answer.body.slice(0, 200)} | ${replay()}`);
        }
      }
      console.log(`[fuzz] Storage: ${count} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(failures.slice(0, 10)).toEqual([]);
      expect((await send('GET', '/rest/v1/categories?select=id&limit=1', { apikey: anonKey() })).status).toBe(200);
      const list = await fetch(`${apiUrl()}/storage/v1/object/list/banners`, {
        method: 'POST',
        headers: { apikey: anonKey(), Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      });
      expect(list.status).toBe(200);
    });
  });
});
