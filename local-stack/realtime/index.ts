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
/** Changes checked together (one query per subscriber identity and table per batch). */
const MAX_BATCH = 200;
/** How long a role's table privileges are trusted before being read again. */
const PRIVILEGE_CACHE_MS = 5_000;

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
    // The socket may have closed while the join was being checked.
    if (this.ws.readyState !== this.ws.OPEN) return;
    const previous = this.channels.get(message.topic);
    if (previous) this.leave(previous);
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
  private readonly pending: RawChange[] = [];
  private draining = false;
  private readonly privilegeCache = new Map<string, { value: { select: boolean; bypassRls: boolean }; until: number }>();
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
    this.pending.push(change);
    if (this.draining) return;
    this.draining = true;
    this.queue = this.drain().finally(() => {
      this.draining = false;
    });
  }

  /** Delivers queued changes in commit order, in batches (a burst costs few queries). */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.deliverBatch(batch);
      } catch (error) {
        this.ctx.log(`[realtime] lỗi gửi ${batch.length} thay đổi: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private async deliverBatch(batch: RawChange[]): Promise<void> {
    // Which channels want which change (table, event), skipping channels whose token expired.
    const nowSeconds = Date.now() / 1000;
    const wanted: { change: RawChange; info: TableInfo; targets: { channel: Channel; bindings: Binding[] }[] }[] = [];
    for (const change of batch) {
      const info = this.capture.tables.get(tableKey(change.schema, change.table));
      if (!info) continue;
      const targets: { channel: Channel; bindings: Binding[] }[] = [];
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
        if (typeof exp === 'number' && exp <= nowSeconds) {
          this.shutdownChannel(channel, 'Token has expired 0 seconds ago');
          continue;
        }
        targets.push({ channel, bindings });
      }
      if (targets.length > 0) wanted.push({ change, info, targets });
    }
    if (wanted.length === 0) return;

    // One read-only transaction per distinct identity (role + claims) for the whole batch.
    const groups = new Map<string, { identity: Identity; items: CheckItem[] }>();
    wanted.forEach((entry, index) => {
      for (const target of entry.targets) {
        const identity = target.channel.identity;
        const key = `${identity.role}:${JSON.stringify(identity.claims)}`;
        let group = groups.get(key);
        if (!group) {
          group = { identity, items: [] };
          groups.set(key, group);
        }
        let item = group.items.find((candidate) => candidate.index === index);
        if (!item) {
          item = { index, change: entry.change, info: entry.info, bindings: [] };
          group.items.push(item);
        }
        for (const binding of target.bindings) if (!item.bindings.includes(binding)) item.bindings.push(binding);
      }
    });

    const results = new Map<string, Map<number, CheckResult>>();
    const tasks = [...groups.entries()].map(([key, group]) => async () => {
      try {
        results.set(key, await this.checkAsSubscriber(group.identity, group.items));
      } catch (error) {
        this.ctx.log(`[realtime] không kiểm tra được quyền đọc: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    await runLimited(tasks, CHECK_CONCURRENCY);

    // Send in commit order.
    wanted.forEach((entry, index) => {
      const { change, info } = entry;
      const columns = info.columns.map((c) => ({ name: c.name, type: c.type }));
      for (const target of entry.targets) {
        if (!target.channel.active) continue;
        const identity = target.channel.identity;
        const outcome = results.get(`${identity.role}:${JSON.stringify(identity.claims)}`)?.get(index);
        if (!outcome) continue;
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
  }

  /**
   * Reads the changed rows as one subscriber identity (role + claims, one read-only transaction):
   * RLS decides which changes it may see. For INSERT/UPDATE, one query per table selects the rows
   * by primary key together with each binding's filter; a change whose row the subscriber cannot
   * read (or that no longer exists) gets no result. Returns results by batch index.
   */
  private async checkAsSubscriber(identity: Identity, items: CheckItem[]): Promise<Map<number, CheckResult>> {
    const out = new Map<number, CheckResult>();
    const byTable = new Map<string, CheckItem[]>();
    for (const item of items) {
      const key = `${item.change.type === 'DELETE' ? 'D' : 'W'}:${tableKey(item.info.schema, item.info.table)}`;
      const list = byTable.get(key);
      if (list) list.push(item);
      else byTable.set(key, [item]);
    }
    const reads: [string, CheckItem[]][] = [];
    for (const [key, tableItems] of byTable) {
      const info = tableItems[0]!.info;
      const privileges = await this.privileges(identity.role, info);
      if (!privileges.select) continue;
      if (!key.startsWith('D:')) {
        reads.push([key, tableItems]);
        continue;
      }
      // The row is gone, so RLS cannot be asked about it: deliver only to roles that bypass RLS,
      // or when the table has no RLS. Filters cannot be checked against a deleted row, so
      // filtered bindings never receive DELETE.
      if (!privileges.bypassRls && info.rowSecurity) continue;
      for (const item of tableItems) {
        const unfiltered = item.bindings.filter((b) => b.filter.length === 0);
        if (unfiltered.length > 0) out.set(item.index, { record: null, passes: new Set(unfiltered.map((b) => b.id)) });
      }
    }
    if (reads.length === 0) return out;

    await withRoleTransaction(this.ctx.pool, { role: identity.role, claims: identity.claims, readOnly: true }, async (client) => {
      for (const [, tableItems] of reads) {
        const info = tableItems[0]!.info;
        const target = `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;
        const params: unknown[] = [];
        const param = (value: unknown): string => {
          params.push(value);
          return `$${params.length}`;
        };
        const columnType = (name: string): string => info.columns.find((c) => c.name === name)?.sqlType ?? 'text';
        const ordParam = param(tableItems.map((item) => item.index));
        const keyColumns = info.primaryKey.map((column, position) => ({
          column,
          alias: `k${position}`,
          param: param(tableItems.map((item) => pkText(item.change.pk[column]))),
        }));
        const bindings = [...new Set(tableItems.flatMap((item) => item.bindings))];
        const filterColumns = bindings.map((binding, position) => `${filterSql(binding.filter, columnType, param)} as f${position}`);
        // Identifiers and types come from the catalogue; every value is a bind parameter.
        const sql = `select k.ord, to_jsonb(t) as record${filterColumns.length ? ', ' + filterColumns.join(', ') : ''}
          from unnest(${ordParam}::int[], ${keyColumns.map((k) => `${k.param}::${columnType(k.column)}[]`).join(', ')})
                 as k(ord, ${keyColumns.map((k) => k.alias).join(', ')})
          join ${target} t on ${keyColumns.map((k) => `t.${quoteIdent(k.column)} = k.${k.alias}`).join(' and ')}`;
        const { rows } = await client.query<Record<string, unknown>>(sql, params);
        for (const row of rows) {
          const index = Number(row.ord);
          const item = tableItems.find((candidate) => candidate.index === index);
          if (!item) continue;
          const passes = new Set<number>();
          bindings.forEach((binding, position) => {
            if (item.bindings.includes(binding) && row[`f${position}`] === true) passes.add(binding.id);
          });
          out.set(index, { record: (row.record as Record<string, unknown>) ?? null, passes });
        }
      }
    }).catch((error: unknown) => {
      // Column-level privileges short of the whole row (42501): the subscriber receives nothing.
      if ((error as { code?: string }).code !== '42501') throw error;
    });
    return out;
  }

  /** SELECT privilege (table + schema) and RLS bypass of a role, cached for a short while. */
  private async privileges(role: DbRole, info: TableInfo): Promise<{ select: boolean; bypassRls: boolean }> {
    const key = `${role}:${tableKey(info.schema, info.table)}`;
    const cached = this.privilegeCache.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    const { rows } = await this.ctx.pool.query<{ sel: boolean; bypass: boolean }>(
      `select has_schema_privilege($1, $2, 'usage') and has_table_privilege($1, $3, 'select') as sel,
              coalesce((select rolbypassrls from pg_roles where rolname = $1), false) as bypass`,
      [role, info.schema, `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`],
    );
    const value = { select: rows[0]?.sel === true, bypassRls: rows[0]?.bypass === true };
    this.privilegeCache.set(key, { value, until: Date.now() + PRIVILEGE_CACHE_MS });
    return value;
  }
}

interface CheckItem {
  /** Position of the change in its batch. */
  index: number;
  change: RawChange;
  info: TableInfo;
  bindings: Binding[];
}

interface CheckResult {
  record: Record<string, unknown> | null;
  passes: Set<number>;
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
