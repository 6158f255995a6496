// Contracts between the parts of the local API server (see local-stack/server.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { StackConfig } from './config.ts';

export interface ApiContext {
  config: StackConfig;
  /** Pool of connections as the login of the module's Supabase counterpart (server.ts: modulePools); every request switches role itself. */
  pool: pg.Pool;
  /** Connection string, for modules that need a dedicated connection (LISTEN). */
  dbUrl: string;
  log: (line: string) => void;
}

/** One API mounted under a prefix (`/rest/v1`, `/auth/v1`, `/storage/v1`). */
export interface HttpModule {
  /** `subpath` is the request path after the prefix, starting with `/`, without the query string. */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void>;
  close(): Promise<void>;
}

export type HttpModuleFactory = (ctx: ApiContext) => Promise<HttpModule>;

export interface RealtimeModule {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** HTTP routes under /realtime/v1 (REST broadcast); `subpath` as for HttpModule. */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void>;
  close(): Promise<void>;
}

export type RealtimeModuleFactory = (ctx: ApiContext) => Promise<RealtimeModule>;
