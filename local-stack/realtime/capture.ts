// Change capture for Realtime: an AFTER INSERT/UPDATE/DELETE row trigger on every table of the
// publication supabase_realtime sends pg_notify('sdv_realtime', {schema, table, type,
// commit_timestamp, pk, old_pk}) — only keys, so a payload never nears NOTIFY's 8 kB limit; the
// row itself is read later as each subscriber, under RLS. The triggers live in schema _realtime,
// owned by the stack (never in supabase/migrations), and are re-synchronised with the publication
// at start, after every `notify pgrst` (migrations applied) and periodically. A dedicated LISTEN
// connection reconnects by itself after Postgres restarts.
import pg from 'pg';
import { withTransaction } from '../db-session.ts';
import { quoteIdent } from './filters.ts';

export const NOTIFY_CHANNEL = 'sdv_realtime';
export const TRIGGER_NAME = 'sdv_realtime_capture';
const RESYNC_INTERVAL_MS = 30_000;
const SYNC_LOCK_KEY = 54_325;

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface RawChange {
  schema: string;
  table: string;
  type: ChangeType;
  commit_timestamp: string;
  pk: Record<string, unknown>;
  old_pk: Record<string, unknown> | null;
}

export interface ColumnInfo {
  name: string;
  /** Realtime's `type` for the client (pg_type.typname: int8, text, uuid, _text, …). */
  type: string;
  /** SQL type expression for casts (format_type). */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  primaryKey: string[];
  columns: ColumnInfo[];
  rowSecurity: boolean;
}

const FUNCTION_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;
create or replace function _realtime.capture_change() returns trigger
language plpgsql
set search_path = ''
as $fn$
declare
  pk jsonb := '{}'::jsonb;
  old_pk jsonb := null;
  new_row jsonb;
  old_row jsonb;
  col text;
begin
  if tg_op <> 'DELETE' then new_row := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_row := to_jsonb(old); old_pk := '{}'::jsonb; end if;
  foreach col in array tg_argv loop
    pk := pk || jsonb_build_object(col, coalesce(new_row, old_row) -> col);
    if old_row is not null then old_pk := old_pk || jsonb_build_object(col, old_row -> col); end if;
  end loop;
  perform pg_notify('${NOTIFY_CHANNEL}', jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'pk', pk,
    'old_pk', old_pk)::text);
  return null;
end
$fn$;
revoke all on function _realtime.capture_change() from public;
`;

const TABLES_SQL = `
select n.nspname as schema, c.relname as "table", c.oid::int8::text as oid, c.relrowsecurity as row_security,
       coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                  where i.indrelid = c.oid and i.indisprimary), '{}') as primary_key,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname,
                                                   'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                   from pg_attribute a join pg_type t on t.oid = a.atttypid
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
       (select tg.tgargs from pg_trigger tg
         where tg.tgrelid = c.oid and tg.tgname = '${TRIGGER_NAME}') as trigger_args
  from pg_publication_tables p
  join pg_namespace n on n.nspname = p.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
 where p.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')`;

const STALE_TRIGGERS_SQL = `
select n.nspname as schema, c.relname as "table"
  from pg_trigger tg
  join pg_class c on c.oid = tg.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
 where tg.tgname = '${TRIGGER_NAME}'
   and not exists (select 1 from pg_publication_tables p
                    where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)`;

interface TableRow {
  schema: string;
  table: string;
  oid: string;
  row_security: boolean;
  primary_key: string[];
  columns: ColumnInfo[];
  trigger_args: Buffer | null;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function tableKey(schema: string, table: string): string {
  return `${schema}.${table}`;
}

/** Parses a notification payload; undefined when it is not one of ours. */
export function parseChange(payload: string | undefined): RawChange | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as Partial<RawChange>;
    if (typeof value.schema !== 'string' || typeof value.table !== 'string') return undefined;
    if (value.type !== 'INSERT' && value.type !== 'UPDATE' && value.type !== 'DELETE') return undefined;
    if (!value.pk || typeof value.pk !== 'object') return undefined;
    return {
      schema: value.schema,
      table: value.table,
      type: value.type,
      commit_timestamp: typeof value.commit_timestamp === 'string' ? value.commit_timestamp : new Date().toISOString(),
      pk: value.pk,
      old_pk: value.old_pk && typeof value.old_pk === 'object' ? value.old_pk : null,
    };
  } catch {
    return undefined;
  }
}

export class ChangeCapture {
  tables = new Map<string, TableInfo>();
  private listener: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private reconnectDelay = 500;

  constructor(
    private readonly dbUrl: string,
    private readonly pool: pg.Pool,
    private readonly log: (line: string) => void,
    private readonly onChange: (change: RawChange) => void,
  ) {}

  async start(): Promise<void> {
    await this.sync();
    await this.connect();
    this.resyncTimer = setInterval(() => {
      void this.sync().catch(() => undefined);
    }, RESYNC_INTERVAL_MS);
    this.resyncTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await listener.end().catch(() => undefined);
    await this.syncing?.catch(() => undefined);
  }

  /** Brings the triggers in line with the publication and refreshes the table catalogue. */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          await this.syncOnce();
        } while (this.syncAgain && !this.closed);
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    this.tables = await withTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [SYNC_LOCK_KEY]);
      const exists = await client.query<{ ok: boolean }>(
        "select to_regprocedure('_realtime.capture_change()') is not null as ok",
      );
      if (!exists.rows[0]?.ok) await client.query(FUNCTION_SQL);
      const { rows } = await client.query<TableRow>(TABLES_SQL);
      const tables = new Map<string, TableInfo>();
      for (const row of rows) {
        const target = quoteIdent(row.schema) + '.' + quoteIdent(row.table);
        if (row.primary_key.length === 0) {
          if (row.trigger_args !== null) await client.query(`drop trigger if exists ${TRIGGER_NAME} on ${target}`);
          continue;
        }
        const wanted = Buffer.from(row.primary_key.map((name) => `${name}\0`).join(''), 'utf8');
        if (!row.trigger_args || !wanted.equals(row.trigger_args)) {
          await client.query(
            `create or replace trigger ${TRIGGER_NAME} after insert or update or delete on ${target}
               for each row execute function _realtime.capture_change(${row.primary_key.map(quoteLiteral).join(', ')})`,
          );
        }
        tables.set(tableKey(row.schema, row.table), {
          schema: row.schema,
          table: row.table,
          primaryKey: row.primary_key,
          columns: row.columns,
          rowSecurity: row.row_security,
        });
      }
      const stale = await client.query<{ schema: string; table: string }>(STALE_TRIGGERS_SQL);
      for (const row of stale.rows) {
        await client.query(`drop trigger if exists ${TRIGGER_NAME} on ${quoteIdent(row.schema)}.${quoteIdent(row.table)}`);
      }
      return tables;
    });
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.dbUrl, application_name: 'sdv-local-realtime' });
    const retry = (): void => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL) {
        const change = parseChange(message.payload);
        if (change) this.onChange(change);
      } else if (message.channel === 'pgrst') {
        void this.sync().catch((error: unknown) => {
          this.log(`[realtime] could not sync the triggers: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
      await client.query('listen pgrst');
      this.reconnectDelay = 500;
    } catch (error) {
      if (this.listener === client) {
        this.listener = undefined;
        client.end().catch(() => undefined);
        this.scheduleReconnect();
      }
      if (this.reconnectDelay <= 500) {
        this.log(`[realtime] lost the LISTEN connection, retrying: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, 5000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect().then(() => {
        if (this.listener) return this.sync().catch(() => undefined);
        return undefined;
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.listener !== undefined;
  }
}
