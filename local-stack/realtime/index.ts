// The Realtime API of the local stack (/realtime/v1/websocket): Phoenix channels (vsn 2.0.0, and
// 1.0.0 object frames) with postgres_changes subscriptions, as @supabase/realtime-js 2.x expects.
// Changes come from the database (see capture.ts); each is delivered only to subscribers who can
// read the row themselves: the row is selected as the subscriber's role with its JWT claims, so
// RLS decides. See README.md in this folder for the protocol details and what is not supported.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { withRoleTransaction } from '../db-session.ts';
import { verifyJwt, type Claims, type DbRole } from '../jwt.ts';
import type { ApiContext, RealtimeModule, RealtimeModuleFactory } from '../types.ts';
import { ChangeCapture, tableKey, type RawChange, type TableInfo } from './capture.ts';
import { decodeFrame, encodeFrame, parseVsn, reply, type PhoenixMessage, type Vsn } from './codec.ts';
import { filterSql, FilterParseError, parseFilter, quoteIdent, type FilterCondition } from './filters.ts';

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
/** Subscriber checks running at once for one change (each holds a pooled connection briefly). */
const CHECK_CONCURRENCY = 4;
const MAX_TIMER_MS = 2_147_483_647;

interface Identity {
  role: DbRole;
  claims: Claims;
}

interface Binding {
  id: number;
  /** The binding exactly as the client sent it (echoed back in the join reply). */
  echo: Record<string, unknown>;
  event: string;
  schema: string;
  /** undefined = every published table of the schema. */
  table: string | undefined;
  filter: FilterCondition[];
}

class Channel {
  active = true;
  expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    public identity: Identity,
    readonly bindings: Binding[],
  ) {}

  get subTopic(): string {
    return this.topic.replace(/^realtime:/i, '');
  }

  push(event: string, payload: Record<string, unknown>, ref: string | null = null): void {
    this.connection.send({ joinRef: this.joinRef, ref, topic: this.topic, event, payload });
  }

  stop(): void {
    this.active = false;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }
}

type VerifiedToken = { ok: true; identity: Identity } | { ok: false; expired: boolean; message: string };

class Connection {
  readonly channels = new Map<string, Channel>();

  constructor(
    readonly service: RealtimeService,
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiIdentity: Identity,
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // binary broadcast frames: broadcast is not supported (README).
      const message = decodeFrame(data.toString(), this.vsn);
      if (!message) return;
      void this.dispatch(message).catch((error: unknown) => {
        this.service.ctx.log(`[realtime] lỗi xử lý ${message.event}: ${error instanceof Error ? error.message : String(error)}`);
        if (message.ref !== null) this.send(reply(message, 'error', { reason: 'internal error' }));
      });
    });
    ws.on('close', () => this.closeAll());
    ws.on('error', () => this.closeAll());
  }

  send(message: PhoenixMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeFrame(message, this.vsn));
  }

  closeAll(): void {
    for (const channel of this.channels.values()) this.service.removeChannel(channel);
    this.channels.clear();
  }

  private async dispatch(message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.send(reply(message, 'ok', {}));
      return;
    }
    if (message.event === 'phx_join') {
      await this.join(message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel || (message.joinRef !== null && channel.joinRef !== message.joinRef)) {
      this.send(reply(message, 'error', { reason: 'unmatched topic' }));
      return;
    }
    switch (message.event) {
      case 'phx_leave':
        this.leave(channel);
        this.send(reply(message, 'ok', {}));
        this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
        return;
      case 'access_token':
        await this.updateToken(channel, message.payload.access_token);
        return;
      case 'presence':
      case 'broadcast':
        // Accepted without effect: the app uses neither (README).
        if (message.ref !== null) this.send(reply(message, 'ok', {}));
        return;
      default:
        return;
    }
  }

  private leave(channel: Channel): void {
    this.service.removeChannel(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const existing = this.channels.get(message.topic);
    if (existing) {
      // Phoenix: a second join of the same topic replaces the first.
      this.leave(existing);
      existing.push('phx_close', {}, existing.joinRef);
    }
    if (!/^realtime:./i.test(message.topic)) {
      this.send(reply(message, 'error', { reason: 'Topic must start with realtime:' }));
      return;
    }
    let identity = this.apiIdentity;
    const token = message.payload.access_token;
    if (typeof token === 'string' && token !== '') {
      const verified = await this.service.verify(token);
      if (!verified.ok) {
        this.send(reply(message, 'error', { reason: verified.message }));
        return;
      }
      identity = verified.identity;
    }
    const config = (message.payload.config ?? {}) as Record<string, unknown>;
    if (config.private === true) {
      this.send(reply(message, 'error', { reason: 'Private channels are not supported by the local stack' }));
      return;
    }
    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const bindings: Binding[] = [];
    for (const entry of requested) {
      const result = await this.service.makeBinding(entry);
      if (typeof result === 'string') {
        this.send(reply(message, 'error', { reason: result }));
        return;
      }
      bindings.push(result);
    }
    const channel = new Channel(this, message.topic, message.joinRef, identity, bindings);
    this.channels.set(message.topic, channel);
    this.service.addChannel(channel);
    this.send(reply(message, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.echo, id: b.id })) }));
    if (bindings.length > 0) {
      channel.push('system', {
        channel: channel.subTopic,
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      });
    }
    const presence = config.presence as { enabled?: unknown } | undefined;
    if (presence && presence.enabled === true) channel.push('presence_state', {});
  }

  private async updateToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '') return;
    const verified = await this.service.verify(token);
    if (!verified.ok) {
      this.service.shutdownChannel(channel, verified.message);
      return;
    }
    channel.identity = verified.identity;
    this.service.scheduleExpiry(channel);
  }
}

class RealtimeService implements RealtimeModule {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly channels = new Set<Channel>();
  private nextBindingId = 1;
  private queue: Promise<void> = Promise.resolve();
  readonly capture: ChangeCapture;

  constructor(readonly ctx: ApiContext) {
    this.capture = new ChangeCapture(ctx.dbUrl, ctx.pool, ctx.log, (change) => this.enqueue(change));
  }

  async start(): Promise<void> {
    await this.capture.start();
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const vsn = parseVsn(url.searchParams.get('vsn'));
    const headerKey = req.headers['apikey'];
    const apikey = url.searchParams.get('apikey') ?? (typeof headerKey === 'string' ? headerKey : '');
    const refuse = (status: string, message: string): void => {
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message })}`);
    };
    if (!vsn) {
      refuse('400 Bad Request', 'Unsupported vsn');
      return;
    }
    if (!apikey) {
      refuse('403 Forbidden', 'apikey is required');
      return;
    }
    void this.verify(apikey).then(
      (verified) => {
        if (!verified.ok) {
          refuse('403 Forbidden', verified.message);
          return;
        }
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          new Connection(this, ws, vsn, verified.identity);
        });
      },
      () => refuse('500 Internal Server Error', 'internal error'),
    );
  }

  async close(): Promise<void> {
    for (const channel of this.channels) channel.stop();
    this.channels.clear();
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.capture.close();
    await this.queue.catch(() => undefined);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const result = await verifyJwt(token, this.ctx.config.jwtSecret);
    if (result.ok) return { ok: true, identity: { role: result.role, claims: result.claims } };
    if (result.reason === 'expired') {
      const exp = decodeExp(token);
      const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, expired: true, message: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, expired: false, message: result.reason === 'bad_role' ? result.message : 'Invalid JWT: signature error' };
  }

  /** Validates one requested binding; returns the reason of a refusal as a string. */
  async makeBinding(entry: unknown): Promise<Binding | string> {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'Invalid postgres_changes binding';
    const echo = entry as Record<string, unknown>;
    const event = echo.event;
    const schema = echo.schema;
    const table = echo.table;
    const filterText = echo.filter;
    const describe = `[event: ${String(event)}, schema: ${String(schema)}, table: ${String(table ?? '*')}, filters: [${typeof filterText === 'string' ? filterText : ''}]]`;
    const unable = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe}`;
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) return unable;
    if (typeof schema !== 'string' || schema === '') return unable;
    if (table !== undefined && table !== null && typeof table !== 'string') return unable;
    if (filterText !== undefined && filterText !== null && typeof filterText !== 'string') return unable;
    const tableName = typeof table === 'string' && table !== '*' && table !== '' ? table : undefined;

    let tables = this.tablesFor(schema, tableName);
    if (tables.length === 0) {
      await this.capture.sync().catch(() => undefined);
      tables = this.tablesFor(schema, tableName);
    }
    if (tables.length === 0) return unable;

    let filter: FilterCondition[];
    try {
      filter = parseFilter(typeof filterText === 'string' ? filterText : undefined);
    } catch (error) {
      return `Invalid filter: ${error instanceof FilterParseError ? error.message : String(filterText)}`;
    }
    if (filter.length > 0) {
      if (!tableName) return 'A filter needs a table';
      const info = tables[0]!;
      for (const condition of filter) {
        const column = info.columns.find((c) => c.name === condition.column);
        if (!column) return `Invalid column name: ${condition.column}`;
        try {
          // Values must be valid for the column's type (cast as a bind parameter, nothing spliced).
          await this.ctx.pool.query(`select $1::text[]::${column.sqlType}[]`, [condition.values]);
        } catch {
          return `Invalid filter value for column ${condition.column}`;
        }
      }
    }
    return { id: this.nextBindingId++, echo, event: event.toUpperCase(), schema, table: tableName, filter };
  }

  private tablesFor(schema: string, table: string | undefined): TableInfo[] {
    if (table !== undefined) {
      const info = this.capture.tables.get(tableKey(schema, table));
      return info ? [info] : [];
    }
    return [...this.capture.tables.values()].filter((info) => info.schema === schema);
  }

  addChannel(channel: Channel): void {
    this.channels.add(channel);
    this.scheduleExpiry(channel);
  }

  removeChannel(channel: Channel): void {
    channel.stop();
    this.channels.delete(channel);
  }

  /** Ends a channel the way Realtime does when its token is no longer valid. */
  shutdownChannel(channel: Channel, message: string): void {
    if (!channel.active) return;
    channel.push('system', { channel: channel.subTopic, extension: 'system', message, status: 'error' });
    channel.push('phx_close', {}, channel.joinRef);
    channel.connection.channels.delete(channel.topic);
    this.removeChannel(channel);
  }

  scheduleExpiry(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = undefined;
    const exp = channel.identity.claims.exp;
    if (typeof exp !== 'number') return;
    const delay = exp * 1000 - Date.now();
    if (delay > MAX_TIMER_MS) return;
    channel.expiryTimer = setTimeout(() => this.shutdownChannel(channel, 'Token has expired 0 seconds ago'), Math.max(delay, 0));
    channel.expiryTimer.unref();
  }

  private enqueue(change: RawChange): void {
    this.queue = this.queue
      .then(() => this.deliver(change))
      .catch((error: unknown) => {
        this.ctx.log(`[realtime] lỗi gửi thay đổi ${change.schema}.${change.table}: ${error instanceof Error ? error.message : String(error)}`);
      });
  }

  private async deliver(change: RawChange): Promise<void> {
    const info = this.capture.tables.get(tableKey(change.schema, change.table));
    if (!info) return;
    // Channels with at least one binding for this table and event.
    const targets: { channel: Channel; bindings: Binding[] }[] = [];
    const now = Date.now() / 1000;
    for (const channel of this.channels) {
      if (!channel.active) continue;
      const bindings = channel.bindings.filter(
        (b) =>
          b.schema === change.schema &&
          (b.table === undefined || b.table === change.table) &&
          (b.event === '*' || b.event === change.type),
      );
      if (bindings.length === 0) continue;
      const exp = channel.identity.claims.exp;
      if (typeof exp === 'number' && exp <= now) {
        this.shutdownChannel(channel, 'Token has expired 0 seconds ago');
        continue;
      }
      targets.push({ channel, bindings });
    }
    if (targets.length === 0) return;

    // One check per distinct identity: subscribers with the same claims see the same rows.
    const groups = new Map<string, { identity: Identity; targets: typeof targets }>();
    for (const target of targets) {
      const key = `${target.channel.identity.role}:${JSON.stringify(target.channel.identity.claims)}`;
      const group = groups.get(key);
      if (group) group.targets.push(target);
      else groups.set(key, { identity: target.channel.identity, targets: [target] });
    }
    const columns = info.columns.map((c) => ({ name: c.name, type: c.type }));
    const tasks = [...groups.values()].map((group) => async () => {
      let outcome: Awaited<ReturnType<RealtimeService['checkAsSubscriber']>>;
      try {
        outcome = await this.checkAsSubscriber(info, change, group.identity, group.targets.flatMap((t) => t.bindings));
      } catch (error) {
        this.ctx.log(`[realtime] không kiểm tra được quyền đọc ${change.schema}.${change.table}: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      if (!outcome) return;
      for (const target of group.targets) {
        if (!target.channel.active) continue;
        const ids = target.bindings.filter((b) => outcome.passes.has(b.id)).map((b) => b.id);
        if (ids.length === 0) continue;
        const data: Record<string, unknown> = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.commit_timestamp,
          type: change.type,
          columns,
          errors: null,
        };
        if (change.type !== 'DELETE') data.record = outcome.record;
        if (change.type !== 'INSERT') data.old_record = change.old_pk ?? change.pk;
        target.channel.push('postgres_changes', { ids, data });
      }
    });
    await runLimited(tasks, CHECK_CONCURRENCY);
  }

  /**
   * Reads the changed row as the subscriber (role + claims, read-only transaction): RLS decides
   * whether it is delivered. Returns the row as read and the ids of the bindings whose filter
   * matches, or undefined when the subscriber may not see the change.
   */
  private async checkAsSubscriber(
    info: TableInfo,
    change: RawChange,
    identity: Identity,
    bindings: Binding[],
  ): Promise<{ record: Record<string, unknown> | null; passes: Set<number> } | undefined> {
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const columnType = (name: string): string => info.columns.find((c) => c.name === name)?.sqlType ?? 'text';
    const target = `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;

    if (change.type === 'DELETE') {
      // The row is gone, so RLS cannot be asked about it: deliver only to roles that bypass RLS,
      // or when the table has no RLS and the role may select from it. Filters cannot be checked
      // against a deleted row, so filtered bindings never receive DELETE.
      const unfiltered = bindings.filter((b) => b.filter.length === 0);
      if (unfiltered.length === 0) return undefined;
      const allowed = await withRoleTransaction(
        this.ctx.pool,
        { role: identity.role, claims: identity.claims, readOnly: true },
        async (client) => {
          const { rows } = await client.query<{ ok: boolean }>(
            `select (has_table_privilege(${param(target)}, 'select')
                     and ((select rolbypassrls from pg_roles where rolname = current_user) or not ${param(info.rowSecurity)}::boolean)) as ok`,
            params,
          );
          return rows[0]?.ok === true;
        },
      );
      return allowed ? { record: null, passes: new Set(unfiltered.map((b) => b.id)) } : undefined;
    }

    const where = info.primaryKey
      .map((column) => `t.${quoteIdent(column)} = ${param(pkText(change.pk[column]))}::${columnType(column)}`)
      .join(' and ');
    const filterColumns = bindings.map((b, index) => `${filterSql(b.filter, columnType, param)} as f${index}`);
    const sql = `select to_jsonb(t) as record${filterColumns.length ? ', ' + filterColumns.join(', ') : ''} from ${target} t where ${where}`;
    try {
      return await withRoleTransaction(
        this.ctx.pool,
        { role: identity.role, claims: identity.claims, readOnly: true },
        async (client) => {
          const { rows } = await client.query<Record<string, unknown>>(sql, params);
          const row = rows[0];
          if (!row) return undefined;
          const passes = new Set<number>();
          bindings.forEach((binding, index) => {
            if (row[`f${index}`] === true) passes.add(binding.id);
          });
          return { record: (row.record as Record<string, unknown>) ?? null, passes };
        },
      );
    } catch (error) {
      // A subscriber without privileges on the table (42501) simply receives nothing.
      if ((error as { code?: string }).code === '42501') return undefined;
      throw error;
    }
  }
}

function pkText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function decodeExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, () => worker()));
}

export const createRealtimeModule: RealtimeModuleFactory = async (ctx: ApiContext) => {
  const service = new RealtimeService(ctx);
  await service.start();
  return service;
};
