import { describe, expect, it } from 'vitest';
import { statusForSqlState, toApiError } from './errors.ts';
import { negotiate, parsePrefer } from './negotiate.ts';
import { parseQuery } from './parse-query.ts';
import { resolveEmbed } from './relationships.ts';
import { buildSchemaCache } from './schema-cache.ts';
import { buildScalarCall, chooseRoutine } from './sql-rpc.ts';
import { buildPlannedCount, buildReadStatement, planRead, relationSource } from './sql-read.ts';
import { buildDelete, buildInsert, buildUpdate, payloadColumns, writtenRowsSource } from './sql-write.ts';
import { apiError } from './expect-api-error.ts';

const col = (name: string, type = 'text', extra: Partial<{ default_expr: string }> = {}) => ({
  name,
  cast_type: type === 'uuid' ? '"pg_catalog"."uuid"' : type === 'int' ? '"pg_catalog"."int4"' : type === 'uuid[]' ? '"pg_catalog"."uuid"[]' : '"pg_catalog"."text"',
  type_name: type,
  nullable: true,
  default_expr: extra.default_expr ?? null,
  generated: false,
});

/** A small schema: bookings → profiles twice (customer, provider), reviews → bookings, tags ↔ bookings through booking_tags. */
const cache = buildSchemaCache({
  relations: [
    { oid: 1, name: 'profiles', kind: 'r', columns: [col('id', 'uuid'), col('name'), col('role')], pk: ['id'], uniques: null },
    {
      oid: 2,
      name: 'bookings',
      kind: 'r',
      columns: [col('id', 'uuid', { default_expr: 'gen_random_uuid()' }), col('customer_id', 'uuid'), col('provider_id', 'uuid'), col('status'), col('price', 'int'), col('queue', 'uuid[]')],
      pk: ['id'],
      uniques: null,
    },
    { oid: 3, name: 'reviews', kind: 'r', columns: [col('id', 'uuid'), col('booking_id', 'uuid'), col('rating', 'int')], pk: ['id'], uniques: null },
    { oid: 4, name: 'tags', kind: 'r', columns: [col('id', 'uuid'), col('label')], pk: ['id'], uniques: null },
    { oid: 5, name: 'booking_tags', kind: 'r', columns: [col('booking_id', 'uuid'), col('tag_id', 'uuid')], pk: ['booking_id', 'tag_id'], uniques: null },
    { oid: 6, name: 'booking_view', kind: 'v', columns: [col('id', 'uuid'), col('customer_id', 'uuid'), col('status')], pk: null, uniques: null },
  ],
  fks: [
    { name: 'bookings_customer_id_fkey', from_oid: 2, from_cols: ['customer_id'], to_oid: 1, to_cols: ['id'] },
    { name: 'bookings_provider_id_fkey', from_oid: 2, from_cols: ['provider_id'], to_oid: 1, to_cols: ['id'] },
    { name: 'reviews_booking_id_fkey', from_oid: 3, from_cols: ['booking_id'], to_oid: 2, to_cols: ['id'] },
    { name: 'booking_tags_booking_id_fkey', from_oid: 5, from_cols: ['booking_id'], to_oid: 2, to_cols: ['id'] },
    { name: 'booking_tags_tag_id_fkey', from_oid: 5, from_cols: ['tag_id'], to_oid: 4, to_cols: ['id'] },
  ],
  view_columns: [
    { view_oid: 6, base_oid: 2, column_name: 'id' },
    { view_oid: 6, base_oid: 2, column_name: 'customer_id' },
    { view_oid: 6, base_oid: 2, column_name: 'status' },
  ],
  routines: [
    {
      name: 'dashboard',
      args: [{ name: 'p_since', mode: 'i', cast_type: '"pg_catalog"."timestamptz"', type_name: 'timestamp with time zone' }],
      n_defaults: 1,
      returns_set: false,
      ret_type_name: 'jsonb',
      ret_typtype: 'b',
      ret_relation: null,
      ret_relation_oid: null,
      ret_is_void: false,
      ret_columns: null,
      volatility: 's',
    },
  ],
});

function read(query: string, count: 'exact' | null = null) {
  const parsed = parseQuery(new URLSearchParams(query));
  const root = parsed.nodes.get('')!;
  const plan = planRead(cache, relationSource(cache, 'bookings')!, parsed);
  return buildReadStatement(plan, { count, head: false, limit: root.limit, offset: root.offset });
}

const NASTY = ["'; drop table bookings; --", 'x") or 1=1 --', '$$ or true $$', '\\', 'Nguyễn "Văn" \'A\''];

describe('read statements', () => {
  it("answers 42704 for a cast that is not in the list, the names of JavaScript's built-ins included", () => {
    for (const cast of ['constructor', 'toString', '__proto__', 'valueOf', 'nope']) {
      const error = apiError(() => read(`select=id::${cast}`));
      expect(error.body).toMatchObject({ code: '42704', message: `type "${cast}" does not exist` });
    }
    expect(read('select=id::TEXT').sql).toContain('::text');
  });

  it('never puts request values into the SQL text', () => {
    for (const nasty of NASTY) {
      const query = new URLSearchParams({
        status: `eq.${nasty}`,
        or: `(status.eq."${nasty.replace(/"/g, '\\"')}",status.in.("${nasty.replace(/"/g, '\\"')}"))`,
        'reviews.rating': `gt.${nasty}`,
        select: 'id,reviews(rating)',
      }).toString();
      const statement = read(query);
      expect(statement.sql).not.toContain(nasty);
      expect(statement.sql).not.toContain('drop table');
      expect(statement.values).toContain(nasty);
    }
  });

  it('quotes output aliases and refuses NUL characters in them', () => {
    const { sql } = read(`select=${encodeURIComponent('"a\\"b":id')}`);
    expect(sql).toContain('"bookings"."id" as "a""b"');
    let caught: unknown = null;
    try {
      read(`select=${encodeURIComponent('"a\u0000b":id')}`);
    } catch (error) {
      caught = error;
    }
    expect(toApiError(caught, false).body.code).toBe('PGRST100');
  });

  it('quotes identifiers and casts values to the column type', () => {
    const { sql, values } = read('select=id,status&status=eq.pending&price=gte.10&order=price.desc.nullslast&limit=5');
    expect(sql).toContain('"bookings"."status" = $1::"pg_catalog"."text"');
    expect(sql).toContain('"bookings"."price" >= $2::"pg_catalog"."int4"');
    expect(sql).toContain('order by "bookings"."price" desc nulls last');
    expect(sql).toMatch(/limit \$3::bigint/);
    expect(values).toEqual(['pending', '10', 5]);
  });

  it('builds in, is, like and array operators with parameters', () => {
    const { sql, values } = read('status=in.(a,"b,c")&provider_id=is.null&status=not.ilike.*x*&queue=cs.{1}');
    expect(sql).toContain('"bookings"."status" = any($1::"pg_catalog"."text"[])');
    expect(sql).toContain('"bookings"."provider_id" is null');
    expect(sql).toContain('not ("bookings"."status" ilike $2::text)');
    expect(sql).toContain('"bookings"."queue" @> $3::"pg_catalog"."uuid"[]');
    expect(values).toEqual(['{"a","b,c"}', '%x%', '{1}']);
  });

  it('adds the exact count over the same filters', () => {
    const { sql } = read('status=eq.pending', 'exact');
    expect(sql).toMatch(/select \(select pg_catalog\.count\(\*\) from "public"\."bookings" as "bookings" where "bookings"\."status" = \$1/);
  });

  it('embeds to-one as row_to_json and to-many as json_agg with their own filters', () => {
    const { sql } = read('select=id,customer:profiles!bookings_customer_id_fkey(name),reviews(rating)&reviews.rating=gte.4&reviews.order=rating.desc&reviews.limit=3');
    expect(sql).toContain('(select row_to_json("profiles_1_r") from (select "profiles_1"."name" as "name" from "public"."profiles" as "profiles_1" where "profiles_1"."id" = "bookings"."customer_id" limit 1) as "profiles_1_r") as "customer"');
    expect(sql).toContain('coalesce((select json_agg("reviews_1_r") from (select "reviews_1"."rating" as "rating" from "public"."reviews" as "reviews_1" where "reviews_1"."booking_id" = "bookings"."id" and "reviews_1"."rating" >= $1');
    expect(sql).toContain('order by "reviews_1"."rating" desc limit $2::bigint');
  });

  it('filters parents through !inner embeds', () => {
    const { sql } = read('select=id,reviews!inner(rating)&reviews.rating=eq.5');
    expect(sql).toContain('exists (select 1 from "public"."reviews" as "reviews_1" where "reviews_1"."booking_id" = "bookings"."id" and "reviews_1"."rating" = $');
  });

  it('embeds many-to-many through the junction', () => {
    const { sql } = read('select=id,tags(label)');
    expect(sql).toContain('join "public"."booking_tags" as "tags_j" on "tags_j"."tag_id" = "tags"."id" where "tags_j"."booking_id" = "bookings"."id"');
  });

  it('reports unknown columns the way Postgres does (42703)', () => {
    for (const query of ['select=nope', 'nope=eq.1', 'order=nope', 'select=id,reviews(nope)', 'or=(nope.eq.1)']) {
      const error = apiError(() => read(query));
      expect(error.status).toBe(400);
      expect(error.body.code).toBe('42703');
    }
  });

  it('reports missing and ambiguous relationships', () => {
    const missing = apiError(() => read('select=id,nothing(*)'));
    expect([missing.status, missing.body.code]).toEqual([400, 'PGRST200']);
    const ambiguous = apiError(() => read('select=id,profiles(*)'));
    expect([ambiguous.status, ambiguous.body.code]).toEqual([300, 'PGRST201']);
    expect(ambiguous.body.details).toHaveLength(2);
    expect(ambiguous.body.hint).toContain("'profiles!bookings_customer_id_fkey'");
    const wrongHint = apiError(() => read('select=id,profiles!nope(*)'));
    expect(wrongHint.body.code).toBe('PGRST200');
    // PostgREST's hints: the closest related table, none when the embed names one exactly.
    expect(wrongHint.body.hint).toBeNull();
    expect(apiError(() => read('select=id,profile(*)')).body.hint).toBe("Perhaps you meant 'profiles' instead of 'profile'.");
  });

  it('resolves FK-column embeds and views through their base table', () => {
    expect(resolveEmbed(cache, 'bookings', 'provider_id', null).target.name).toBe('profiles');
    expect(resolveEmbed(cache, 'booking_view', 'profiles', null).relationship.cardinality).toBe('many-to-one');
    expect(resolveEmbed(cache, 'profiles', 'booking_view', null).relationship.cardinality).toBe('one-to-many');
    expect(cache.relations.get('booking_view')!.primaryKey).toEqual(['id']);
  });

  it('refuses filters on embeds that are not selected (PGRST108) and unknown casts', () => {
    expect(apiError(() => read('reviews.rating=eq.1')).body.code).toBe('PGRST108');
    expect(apiError(() => read('select=id::regclass')).body.code).toBe('42704');
  });

  it('orders by a to-one embed (related order) and refuses it on to-many', () => {
    const { sql } = read('select=id,customer:profiles!bookings_customer_id_fkey(name)&order=customer(name).desc.nullslast');
    expect(sql).toContain('order by (select "profiles_1"."name" from "public"."profiles" as "profiles_1" where "profiles_1"."id" = "bookings"."customer_id" limit 1) desc nulls last');
    const toMany = apiError(() => read('select=id,reviews(rating)&order=reviews(rating)'));
    expect([toMany.status, toMany.body.code]).toEqual([400, 'PGRST118']);
    expect(apiError(() => read('order=customer(name)')).body.code).toBe('PGRST108');
  });

  it('builds CSV lines in SQL from the record text (quoted only when needed)', () => {
    const parsed = parseQuery(new URLSearchParams('select=id,status'));
    const plan = planRead(cache, relationSource(cache, 'bookings')!, parsed);
    const { sql } = buildReadStatement(plan, { count: null, head: false, limit: null, offset: null, csv: true });
    expect(sql).toContain(`coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), E'\\n'), '')`);
  });

  it('builds a planned count with its own parameters', () => {
    const parsed = parseQuery(new URLSearchParams('status=eq.a&limit=2'));
    const planned = buildPlannedCount(planRead(cache, relationSource(cache, 'bookings')!, parsed));
    expect(planned.sql).toBe('explain (format json) select 1 from "public"."bookings" as "bookings" where "bookings"."status" = $1::"pg_catalog"."text"');
    expect(planned.values).toEqual(['a']);
  });
});

describe('aggregates', () => {
  function aggregated(query: string, aggregatesEnabled = true) {
    const parsed = parseQuery(new URLSearchParams(query));
    return buildReadStatement(planRead(cache, relationSource(cache, 'bookings')!, parsed, { aggregatesEnabled }), { count: null, head: false, limit: null, offset: null }).sql;
  }

  it('are refused with PGRST123 unless enabled, after the relationships are resolved', () => {
    expect(apiError(() => aggregated('select=count()', false)).body).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
    expect(apiError(() => aggregated('select=reviews(rating.avg())', false)).body.code).toBe('PGRST123');
    expect(apiError(() => aggregated('select=price.sum(),nothing(id)', false)).body.code).toBe('PGRST200');
    // A column error is Postgres's, after the plan: PGRST123 comes first.
    expect(apiError(() => aggregated('select=nope.sum()', false)).body.code).toBe('PGRST123');
  });

  it('group by the other items: a plain column by its value, an aliased one or an embed by its place', () => {
    const sql = aggregated('select=status,total:price.sum()::text,n:count(),who:customer_id,customer:profiles!bookings_customer_id_fkey(name)');
    expect(sql).toContain('"bookings"."status" as "status", pg_catalog.sum("bookings"."price")::text as "total", pg_catalog.count("bookings".*) as "n"');
    expect(sql).toContain(' group by "bookings"."status", 4, 5');
    // The embed is a group term, jsonb (json has no equality).
    expect(sql).toMatch(/\(\(select row_to_json\("profiles_1_r"\).*\)\)::jsonb as "customer"/);
    expect(aggregated('select=price.max()')).not.toContain('group by');
  });

  it('inside an embed, with the embed own group by', () => {
    expect(aggregated('select=id,reviews(booking_id,rating.avg())')).toContain(
      '(select "reviews_1"."booking_id" as "booking_id", pg_catalog.avg("reviews_1"."rating") as "avg" from "public"."reviews" as "reviews_1" where "reviews_1"."booking_id" = "bookings"."id" group by "reviews_1"."booking_id")',
    );
  });

  it('hoist from a to-one spread to its parent, over the spread value', () => {
    const sql = aggregated('select=...profiles!bookings_customer_id_fkey(name,customers:count(),id.max())');
    expect(sql).toContain('pg_catalog.count((select 1 from "public"."profiles" as "profiles_1" where "profiles_1"."id" = "bookings"."customer_id" limit 1)) as "customers"');
    expect(sql).toContain('pg_catalog.max((select "profiles_1"."id" from "public"."profiles" as "profiles_1"');
    expect(sql).toContain(' group by 1');
  });

  it('are not implemented in to-many spreads (PGRST127)', () => {
    expect(apiError(() => aggregated('select=...reviews(rating.sum())')).body).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });
});

describe("Postgres's errors on PostgREST's query", () => {
  it('42712 for two embeds with one output name: the second join alias <parent>_<name>_<depth>', () => {
    expect(apiError(() => read('select=id,x:reviews(id),x:tags(id)')).body).toEqual({ code: '42712', message: 'table name "bookings_x_1" specified more than once', details: null, hint: null });
    expect(apiError(() => read('select=profiles!bookings_customer_id_fkey(id),profiles!bookings_provider_id_fkey(id)')).body.message).toBe(
      'table name "bookings_profiles_1" specified more than once',
    );
  });

  it("name unknown columns with PostgREST's aliases, embeds first, then filters, select list and order", () => {
    expect(apiError(() => read('select=nope')).body.message).toBe('column bookings.nope does not exist');
    expect(apiError(() => read('select=nope,reviews(bad)')).body.message).toBe('column reviews_1.bad does not exist');
    expect(apiError(() => read('select=id,tags(bad)')).body.message).toBe('column tags.bad does not exist');
    expect(apiError(() => read('select=nope&bad=eq.1&order=worse')).body.message).toBe('column bookings.bad does not exist');
    expect(apiError(() => read('select=id::nonsense,nope')).body).toMatchObject({ code: '42704', message: 'type "nonsense" does not exist' });
  });
});

describe('write statements', () => {
  const bookings = cache.relations.get('bookings')!;
  const shape = { representation: true, wantLocation: false };
  const plan = (query = '') => planRead(cache, writtenRowsSource(bookings), parseQuery(new URLSearchParams(query)));

  it('inserts through one bound JSON parameter', () => {
    const body = JSON.stringify([{ status: "x'); drop table bookings; --", price: 1 }]);
    const columns = payloadColumns(bookings, JSON.parse(body), null);
    const { sql, values } = buildInsert(bookings, plan(), body, { columns, missingDefault: false, upsert: null }, shape);
    expect(sql).not.toContain('drop table');
    expect(values).toEqual([body]);
    expect(sql).toContain('json_populate_recordset(null::"public"."bookings"');
  });

  it('merges every row over the defaults of the inserted columns with missing=default, as PostgREST', () => {
    const { sql } = buildInsert(bookings, plan(), '[]', { columns: ['id', 'status'], missingDefault: true, upsert: null }, shape);
    // Each row's defaults are evaluated, also where the row gives the value (PostgREST's fromJsonBodyF).
    expect(sql).toContain(`jsonb_agg(jsonb_build_object('id', gen_random_uuid()) || pgrst_elem)`);
    expect(sql).toContain('jsonb_to_recordset(pgrst_json_defs.val) as pgrst_x("id" "pg_catalog"."uuid", "status" "pg_catalog"."text")');
    expect(sql).toContain('select pgrst_body."id", pgrst_body."status" from');
  });

  it('upserts on the conflict target and reports inserted rows', () => {
    const { sql } = buildInsert(bookings, plan(), '{}', { columns: ['id', 'status'], missingDefault: false, upsert: { onConflict: ['id'], resolution: 'merge-duplicates' } }, shape);
    expect(sql).toContain('on conflict ("id") do update set "status" = excluded."status"');
    expect(sql).toContain('(pgrst_target.xmax = 0) as pgrst_inserted');
    const unknown = apiError(() => buildInsert(bookings, plan(), '{}', { columns: ['id'], missingDefault: false, upsert: { onConflict: ['x"y'], resolution: 'ignore-duplicates' } }, shape));
    expect(unknown.body.code).toBe('42703');
  });

  it('checks payload keys against the schema (PGRST204) and key consistency (PGRST102)', () => {
    expect(apiError(() => payloadColumns(bookings, { 'status"; drop': 1 }, null)).body.code).toBe('PGRST204');
    expect(apiError(() => payloadColumns(bookings, [{ status: 'a' }, { price: 1 }], null)).body.code).toBe('PGRST102');
    expect(apiError(() => payloadColumns(bookings, [1, 2], null)).body.code).toBe('PGRST102');
    expect(apiError(() => payloadColumns(bookings, {}, ['nope'])).body.code).toBe('PGRST204');
  });

  it('updates and deletes with the filters as parameters', () => {
    const p = plan('status=eq.pending');
    const update = buildUpdate(bookings, p, '{"price":2}', ['price'], { filterNode: p, limit: null, offset: null }, shape);
    expect(update.sql).toContain('update "public"."bookings" as "bookings" set "price" = pgrst_r."price"');
    expect(update.sql).toContain('where "bookings"."status" = $2');
    expect(update.values).toEqual(['{"price":2}', 'pending']);
    const del = buildDelete(bookings, p, { filterNode: p, limit: 1, offset: null }, shape);
    expect(del.sql).toContain('"bookings".ctid = any(array(select "bookings".ctid from "public"."bookings" as "bookings" where "bookings"."status" = $1::"pg_catalog"."text" limit $2::bigint))');
  });
});

describe('rpc', () => {
  it('chooses the function by argument names and binds arguments as one JSON', () => {
    const routine = chooseRoutine(cache, 'dashboard', ['p_since'], true);
    const statement = buildScalarCall(routine, '{"p_since":"2024-01-01"}', ['p_since'], false);
    expect(statement.sql).toBe(
      'select 1::bigint as page_total, to_json("public"."dashboard"("p_since" := pgrst_args."p_since"))::text as body from json_to_record($1::json) as pgrst_args("p_since" "pg_catalog"."timestamptz")',
    );
    expect(chooseRoutine(cache, 'dashboard', [], true).name).toBe('dashboard');
  });
  it('answers PGRST202 for unknown functions and argument names, with a hint', () => {
    const unknown = apiError(() => chooseRoutine(cache, 'dashbord', [], true));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'PGRST202']);
    expect(unknown.body.hint).toBe('Perhaps you meant to call the function public.dashboard');
    const wrongArg = apiError(() => chooseRoutine(cache, 'dashboard', ['p_since"); drop'], true));
    expect(wrongArg.body.message).toContain('Could not find the function public.dashboard(');
  });
});

describe('errors and negotiation', () => {
  it('maps SQLSTATEs like PostgREST', () => {
    expect(statusForSqlState('23505', '', true)).toBe(409);
    expect(statusForSqlState('23503', '', true)).toBe(409);
    expect(statusForSqlState('42501', '', false)).toBe(401);
    expect(statusForSqlState('42501', '', true)).toBe(403);
    expect(statusForSqlState('P0001', '', true)).toBe(400);
    expect(statusForSqlState('42883', '', true)).toBe(404);
    expect(statusForSqlState('42P01', '', true)).toBe(404);
    expect(statusForSqlState('08006', '', true)).toBe(503);
    expect(statusForSqlState('53300', '', true)).toBe(503);
    expect(statusForSqlState('57P01', '', true)).toBe(503);
    expect(statusForSqlState('57014', '', true)).toBe(500);
    expect(statusForSqlState('40001', '', true)).toBe(500);
    expect(statusForSqlState('25006', '', true)).toBe(405);
    expect(statusForSqlState('42P17', '', true)).toBe(500);
    expect(statusForSqlState('28000', '', true)).toBe(403);
    expect(statusForSqlState('23514', '', true)).toBe(400);
    expect(statusForSqlState('22P02', '', true)).toBe(400);
    expect(statusForSqlState('PT402', '', true)).toBe(402);
  });
  it('turns connection failures into 503 PGRST000', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const api = toApiError(error, false);
    expect([api.status, api.body.code]).toEqual([503, 'PGRST000']);
  });
  it('answers 503 PGRST000 while Postgres restarts (57P03 at connect), 503 57P01 for a terminated session', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
    const starting = toApiError(pgError('57P03', 'the database system is starting up'), true);
    expect([starting.status, starting.body.code]).toEqual([503, 'PGRST000']);
    const terminated = toApiError(pgError('57P01', 'terminating connection due to administrator command'), true);
    expect([terminated.status, terminated.body.code]).toEqual([503, '57P01']);
  });
  it('parses Prefer and Accept', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates')).toMatchObject({ return: 'representation', count: 'exact', resolution: 'merge-duplicates' });
    expect(apiError(() => parsePrefer('handling=strict, nonsense=1')).body.code).toBe('PGRST122');
    expect(apiError(() => parsePrefer('handling=strict, constructor=x')).body.code).toBe('PGRST122');
    expect(negotiate('application/vnd.pgrst.object+json')).toBe('object');
    expect(negotiate(undefined)).toBe('json');
    expect(negotiate('text/csv')).toBe('csv');
    expect(apiError(() => negotiate('text/xml')).status).toBe(406);
  });
});
