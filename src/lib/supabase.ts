// The one Supabase client of the admin app. Only admin code imports this module (the public site
// reads through lib/public-api.ts so that supabase-js never reaches its bundle).
//
// Composed from supabase-js's own packages instead of `createClient` (docs/architecture.md#admin-loading):
// PostgREST is in every screen's first download; Auth, Realtime and Storage, which no screen needs
// for its first rows, are loaded by dynamic import the first time they are asked for
// (`supabase.auth()`, `supabase.realtime()`, `supabase.storage()`, `supabase.openChannel()`). The
// admin's auth provider asks for Auth as soon as it mounts; until it is there, a request reads the
// stored session itself, as Auth would, when that session is not about to expire. What supabase-js
// does and the back office relies on is kept: every PostgREST and Storage request carries `apikey`
// and `Authorization: Bearer <session token, else the anon key>`, read at the time of the request,
// and Realtime is handed the new token on every sign-in / refresh / sign-out.
import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Database } from '@/types/database.ts';
import { runtimeConfig } from './config.ts';

/** localStorage key of the admin session (fixed so tests can prepare a signed-in state). */
export const AUTH_STORAGE_KEY = 'sdv-admin-auth';

export interface AdminClientOptions {
  /** localStorage key of the session. */
  storageKey: string;
  /** Keep the session in localStorage and refresh it before it expires (the admin's own client). */
  persistSession: boolean;
}

/**
 * Auth's EXPIRY_MARGIN_MS: a stored session that expires sooner than this is refreshed before its
 * token is sent, so it is never used without the Auth client.
 */
export const SESSION_EXPIRY_MARGIN_MS = 90_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The session Auth keeps under `storageKey` when Auth itself would hand it out as it is (the shape
 * it checks, a user, and an expiry more than SESSION_EXPIRY_MARGIN_MS away), else null: no session,
 * an unreadable one, or one Auth must refresh first.
 */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | undefined, storageKey: string, now = Date.now()): Session | null {
  let stored: unknown;
  try {
    const text = storage?.getItem(storageKey);
    if (!text) return null;
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || typeof stored.access_token !== 'string' || typeof stored.refresh_token !== 'string' || !isRecord(stored.user)) return null;
  if (typeof stored.expires_at !== 'number' || stored.expires_at * 1000 - now < SESSION_EXPIRY_MARGIN_MS) return null;
  return stored as unknown as Session;
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The auth client as supabase-js builds it: the anon key as `apikey` and default bearer, the
 * session never read from the URL (the back office signs in with a password only). Auth's code is
 * loaded on the first call.
 */
export async function createAuthClient(url: string, anonKey: string, options: AdminClientOptions): Promise<GoTrueClient> {
  const { AuthClient } = await import('@supabase/auth-js');
  return new AuthClient({
    url: new URL('auth/v1', baseUrl(url)).href,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey: options.storageKey,
    persistSession: options.persistSession,
    autoRefreshToken: options.persistSession,
    detectSessionInUrl: false,
    flowType: 'implicit',
  });
}

function baseUrl(url: string): URL {
  return new URL(url.endsWith('/') ? url : `${url}/`);
}

export class AdminSupabaseClient {
  /** PostgREST tables and views (synchronous: every screen reads with it first). */
  readonly from: PostgrestClient<Database>['from'];
  /** PostgREST functions. */
  readonly rpc: PostgrestClient<Database>['rpc'];
  /** `fetch` with the request's `apikey` and `Authorization` added, as supabase-js's fetchWithAuth. */
  readonly fetch: typeof fetch;

  private readonly url: URL;
  private readonly anonKey: string;
  private readonly options: AdminClientOptions;
  private authClient: Promise<GoTrueClient> | undefined;
  /** Set once the Auth client exists: from then on it alone hands out the session. */
  private authReady = false;
  private realtimeClient: Promise<RealtimeClient> | undefined;
  private storageClient: Promise<StorageClient> | undefined;
  /** The token Realtime was last given (supabase-js's changedAccessToken). */
  private changedAccessToken: string | undefined;

  constructor(url: string, anonKey: string, options: AdminClientOptions) {
    this.url = baseUrl(url);
    this.anonKey = anonKey;
    this.options = options;
    this.fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', anonKey);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await this.accessToken()}`);
      return fetch(input, { ...init, headers });
    };
    // postgrest-js's own retries are off: it retries a failed read three times (1 s, 2 s, 4 s)
    // inside each attempt of React Query, which retries too, so a screen spun ~26 s before showing
    // its error. React Query alone decides retries (lib/query-client.ts).
    const rest = new PostgrestClient<Database>(new URL('rest/v1', this.url).href, { schema: 'public', fetch: this.fetch, retry: false });
    this.from = rest.from.bind(rest);
    this.rpc = rest.rpc.bind(rest);
  }

  /** The Auth client, loaded on first use (again after a failed download). */
  auth(): Promise<GoTrueClient> {
    this.authClient ??= createAuthClient(this.url.href, this.anonKey, this.options).then(
      (client) => {
        client.onAuthStateChange((event, session) => this.tokenChanged(event, session?.access_token));
        this.authReady = true;
        return client;
      },
      (error: unknown) => {
        this.authClient = undefined;
        throw error;
      },
    );
    return this.authClient;
  }

  /**
   * The stored session while the Auth client is not loaded yet and the session needs no refresh
   * (readStoredSession), else null. Synchronous: what the admin's first screen renders from.
   */
  storedSession(): Session | null {
    if (this.authReady || !this.options.persistSession) return null;
    return readStoredSession(browserStorage(), this.options.storageKey);
  }

  /** The current session (Auth's getSession: refreshed first when about to expire), else null. */
  async session(): Promise<Session | null> {
    const stored = this.storedSession();
    if (stored) return stored;
    const { data } = await (await this.auth()).getSession();
    return data.session;
  }

  /** The session's access token, else the anon key (what supabase-js sends as bearer). */
  private async accessToken(): Promise<string> {
    return (await this.session())?.access_token ?? this.anonKey;
  }

  /** supabase-js's _handleTokenChanged: Realtime follows sign-in, refresh and sign-out. */
  private tokenChanged(event: AuthChangeEvent, token: string | undefined): void {
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && this.changedAccessToken !== token) {
      this.changedAccessToken = token;
      void this.realtimeClient?.then((realtime) => realtime.setAuth(token ?? null));
    } else if (event === 'SIGNED_OUT') {
      this.changedAccessToken = undefined;
      void this.realtimeClient?.then((realtime) => realtime.setAuth());
    }
  }

  /**
   * Realtime, loaded on first use. Before any channel joins it is given the token supabase-js
   * would have handed it at the last sign-in (else the session's, read from the Auth client), so
   * that channels join as the admin and RLS lets the admin's rows through.
   */
  realtime(): Promise<RealtimeClient> {
    this.realtimeClient ??= import('@supabase/realtime-js').then(async ({ RealtimeClient }) => {
      const endpoint = new URL('realtime/v1', this.url);
      endpoint.protocol = endpoint.protocol.replace('http', 'ws');
      const realtime = new RealtimeClient(endpoint.href, {
        accessToken: () => this.accessToken(),
        fetch: this.fetch,
        params: { apikey: this.anonKey },
      });
      await realtime.setAuth(this.changedAccessToken ?? null);
      return realtime;
    });
    return this.realtimeClient;
  }

  /** Storage, loaded on first use, with the same headers as every other request. */
  storage(): Promise<StorageClient> {
    this.storageClient ??= import('@supabase/storage-js').then(
      ({ StorageClient }) => new StorageClient(new URL('storage/v1', this.url).href, {}, this.fetch),
    );
    return this.storageClient;
  }

  /**
   * Subscribes to a channel once Realtime is loaded: `configure` adds its listeners. The returned
   * function leaves the channel (or cancels the subscription if Realtime is still loading), for
   * an effect's clean-up.
   */
  openChannel(name: string, configure: (channel: RealtimeChannel) => RealtimeChannel): () => void {
    let closed = false;
    let channel: RealtimeChannel | undefined;
    void this.realtime().then((realtime) => {
      if (!closed) channel = configure(realtime.channel(name)).subscribe();
    });
    return () => {
      closed = true;
      const open = channel;
      if (open) void this.realtime().then((realtime) => realtime.removeChannel(open));
    };
  }
}

export const supabase = new AdminSupabaseClient(runtimeConfig.supabaseUrl, runtimeConfig.supabaseAnonKey, {
  storageKey: AUTH_STORAGE_KEY,
  persistSession: true,
});

export type SupabaseClient = typeof supabase;
