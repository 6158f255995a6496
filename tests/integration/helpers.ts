// Shared helpers of the integration tests: supabase-js clients against the stack started by
// global-setup.ts, and SQL as the superuser for assertions and fixtures.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import http from 'node:http';
import pg from 'pg';
import { inject } from 'vitest';
import ws from 'ws';
import { DEMO_ACCOUNTS } from '../../local-stack/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dbUrl: string;
    jwtSecret: string;
    mailUrl: string;
    authRateLimitAddress: number;
    authRefreshReuseSeconds: number;
  }
}

export { DEMO_ACCOUNTS };

export const apiUrl = (): string => inject('apiUrl');
export const anonKey = (): string => inject('anonKey');
export const serviceRoleKey = (): string => inject('serviceRoleKey');
export const dbUrl = (): string => inject('dbUrl');

// Node 20 has no global WebSocket: supabase-js needs `ws` for its realtime client.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
const CLIENT_OPTIONS: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as Transport },
};

/** A client holding only the anon key (the public site). */
export function anonClient(): SupabaseClient {
  return createClient(apiUrl(), anonKey(), CLIENT_OPTIONS);
}

/** A client holding the service-role key (bypasses RLS; admin Auth API). */
export function serviceClient(): SupabaseClient {
  return createClient(apiUrl(), serviceRoleKey(), CLIENT_OPTIONS);
}

/** A client signed in with e-mail and password; throws when the sign-in fails. */
export async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.code ?? ''} ${error.message}`);
  return client;
}

/** The access token of a signed-in client. */
export async function accessTokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client has no session');
  return data.session.access_token;
}

let pool: pg.Pool | undefined;

/** Runs SQL as the superuser (postgres) — for assertions and fixtures only, never as the app would. */
export async function sql<R extends pg.QueryResultRow = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<R[]> {
  pool ??= new pg.Pool({ connectionString: dbUrl(), max: 3, idleTimeoutMillis: 1000, allowExitOnIdle: true });
  const result = await pool.query<R>(query, params);
  return result.rows;
}

/** A raw request to the API with the anon key (for status codes and headers supabase-js hides). */
export async function apiFetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', anonKey());
  if (init.token !== undefined) headers.set('Authorization', `Bearer ${init.token}`);
  return fetch(`${apiUrl()}${path}`, { ...init, headers });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: () => unknown;
}

/**
 * A request through node:http, optionally from another loopback source address (127.0.0.x) so
 * that per-address rate limits can be exercised without touching 127.0.0.1's budget.
 */
export function rawRequest(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, apiUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        method,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        headers: { apikey: anonKey(), ...options.headers },
        localAddress: options.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** POST /auth/v1/token?grant_type=password from the given source address. */
export function passwordGrant(email: string, password: string, localAddress?: string): Promise<RawResponse> {
  return rawRequest('POST', '/auth/v1/token?grant_type=password', {
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email, password }),
    localAddress,
  });
}

/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix = 'test'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.vn`;
}

/** Creates a confirmed user through the admin API and returns its id. */
export async function createTestUser(email: string, password: string, appMetadata: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true, app_metadata: appMetadata });
  if (error || !data.user) throw new Error(`createUser ${email} failed: ${error?.code ?? ''} ${error?.message ?? ''}`);
  return data.user.id;
}

/** One message of the local mailbox (its JSON API, shaped like Mailpit's). */
export interface MailboxMessage {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Text: string;
  HTML: string;
}

/** The messages the Auth server sent to an address, newest first, with their bodies. */
export async function mailsTo(address: string): Promise<MailboxMessage[]> {
  const mailUrl = inject('mailUrl');
  const search = await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  if (!search.ok) throw new Error(`mailbox search failed: ${search.status}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  return Promise.all(
    messages.map(async ({ ID }) => {
      const one = await fetch(`${mailUrl}/api/v1/message/${ID}`);
      return (await one.json()) as MailboxMessage;
    }),
  );
}

/** The newest mail to an address: its subject, the one-time code and the verification link. */
export async function lastMailTo(address: string): Promise<{ subject: string; code: string; link: string | undefined; text: string }> {
  const [mail] = await mailsTo(address);
  if (!mail) throw new Error(`no mail to ${address}`);
  const code = /Mã xác nhận: (\d+)/.exec(mail.Text)?.[1];
  if (code === undefined) throw new Error(`mail to ${address} has no code: ${mail.Text}`);
  return { subject: mail.Subject, code, link: /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text)?.[1], text: mail.Text };
}
