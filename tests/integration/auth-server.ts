// An API server of its own for an Auth integration test: a child process on the test database with
// the config.toml the test writes (sign-ups, SMS, signing keys… switched on), its own mailbox, and
// supabase-js Auth clients pointed at it.
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AuthClient } from '@supabase/supabase-js';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { freePorts } from './free-ports.ts';
import { anonKey, dbUrl, serviceRoleKey, type MailboxMessage } from './helpers.ts';

export type Auth = InstanceType<typeof AuthClient>;

export interface AuthServer {
  url: string;
  mailUrl: string;
  dir: string;
  /** supabase-js' Auth client with `key` in apikey and Authorization (the anon key by default). */
  client(key?: string, options?: { fetch?: typeof fetch }): Auth;
  admin(): Auth;
  /** The messages of the server's mailbox to an address or phone number, newest first. */
  messagesTo(address: string): Promise<MailboxMessage[]>;
  /** The code of the newest SMS to a phone number (its six digits). */
  lastSmsCode(phone: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts an API server reading `configToml` (written to a temporary folder, with `files` beside it).
 * 127.0.0.1 is exempt from the per-address Auth limits (the tests of limits use other addresses).
 */
export async function startAuthServer(configToml: string, files: Record<string, string> = {}, env: Record<string, string> = {}): Promise<AuthServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdv-auth-server-'));
  const configFile = path.join(dir, 'config.toml');
  await writeFile(configFile, configToml, 'utf8');
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content, 'utf8');
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  let api: ApiProcess;
  try {
    api = await spawnApi({
      DATABASE_URL: dbUrl(),
      API_PORT: String(apiPort),
      MAIL_PORT: String(mailPort),
      SDV_DATA_DIR: path.join(dir, 'data'),
      SDV_PROFILE: 'test',
      SDV_SUPABASE_CONFIG: configFile,
      SDV_AUTH_RATE_LIMIT_ADDRESS: '',
      SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH: '',
      SDV_AUTH_RATE_LIMIT_EXEMPT: '127.0.0.1',
      ...env,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const mailUrl = `http://127.0.0.1:${mailPort}`;
  const client = (key = anonKey(), options: { fetch?: typeof fetch } = {}): Auth =>
    new AuthClient({
      url: `${api.url}/auth/v1`,
      headers: { apikey: key, Authorization: `Bearer ${key}` },
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const messagesTo = async (address: string): Promise<MailboxMessage[]> => {
    const search = await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    const { messages } = (await search.json()) as { messages: { ID: string }[] };
    return Promise.all(messages.map(async ({ ID }) => (await (await fetch(`${mailUrl}/api/v1/message/${ID}`)).json()) as MailboxMessage));
  };
  return {
    url: api.url,
    mailUrl,
    dir,
    client,
    admin: () => client(serviceRoleKey()),
    messagesTo,
    lastSmsCode: async (phone) => {
      const [sms] = await messagesTo(phone);
      const code = sms ? /(\d{6})/.exec(sms.Text)?.[1] : undefined;
      if (code === undefined) throw new Error(`no SMS code to ${phone}`);
      return code;
    },
    stop: async () => {
      await api.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A phone number nobody else uses in this run, as Auth stores it: 849 and 8 random digits. */
export function uniquePhone(): string {
  return `849${String(randomInt(1e8)).padStart(8, '0')}`;
}
