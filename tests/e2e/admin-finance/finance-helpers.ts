// Helpers of the catalogue-and-finance end-to-end specs: data set up through the API as the
// service role (or as a signed-in demo user), never through the screen under test.
import { expect, type Page } from '@playwright/test';
import { e2eApiUrl } from '../stack-env.ts';

export function apiUrl(): string {
  return process.env.E2E_API_URL ?? e2eApiUrl();
}

function serviceKey(): string {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set (the global setup sets it)');
  return key;
}

/** A PostgREST request with the given key and bearer token; returns the parsed JSON body. */
async function rest<T>(apikey: string, bearer: string, pathAndQuery: string, init: { method?: string; body?: unknown }): Promise<T> {
  const response = await fetch(`${apiUrl()}/rest/v1/${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey,
      Authorization: `Bearer ${bearer}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathAndQuery}: ${response.status} ${text}`);
  return (text === '' ? null : JSON.parse(text)) as T;
}

/** A PostgREST request as the service role; returns the parsed JSON body. */
export async function serviceRest<T>(pathAndQuery: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const key = serviceKey();
  return rest<T>(key, key, pathAndQuery, init);
}

/** Signs in a user through the Auth API and returns the access token. */
export async function accessToken(email: string, password: string): Promise<string> {
  const key = process.env.E2E_ANON_KEY ?? '';
  const response = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in ${email}: ${response.status}`);
  return body.access_token;
}

/** A PostgREST request as a signed-in user (RLS applies). */
export async function userRest<T>(token: string, pathAndQuery: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return rest<T>(process.env.E2E_ANON_KEY ?? '', token, pathAndQuery, init);
}

/** Creates a provider account (role from app_metadata, as the database expects); returns its id. */
export async function createProvider(name: string): Promise<string> {
  const key = serviceKey();
  const email = `${name.normalize('NFD').replace(/[^a-z0-9]/gi, '').toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sandichvu.vn`;
  const response = await fetch(`${apiUrl()}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Provider@123456',
      email_confirm: true,
      app_metadata: { role: 'provider' },
      user_metadata: { name },
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!response.ok || !body.id) throw new Error(`createProvider: ${response.status}`);
  // The profile row comes from the auth.users trigger; make sure the name is the one we chose.
  await serviceRest(`profiles?id=eq.${body.id}`, { method: 'PATCH', body: { name } });
  return body.id;
}

export interface ProfileRow {
  id: string;
  deposit: number;
  status: string;
}

export async function profile(id: string): Promise<ProfileRow> {
  const rows = await serviceRest<ProfileRow[]>(`profiles?id=eq.${id}&select=id,deposit,status`);
  const row = rows[0];
  if (!row) throw new Error(`no profile ${id}`);
  return row;
}

/** Waits for a toast (role=status or alert) with the given text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The section of a grouped list (packages by service, services by category) whose heading starts with `name`. */
export function group(page: Page, name: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) }) });
}

/** A short unique suffix for names created by a test. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}
