import { describe, expect, it } from 'vitest';
import { parseLogicTree, parseOperation, parseOrder, parseQuery, parseSelect } from './parse-query.ts';
import { apiError } from './expect-api-error.ts';

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,label:name,price::text,data->a->>b,x:data->0')).toEqual([
      { kind: 'column', field: { name: 'id', jsonPath: [] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'name', jsonPath: [] }, alias: 'label', cast: null },
      { kind: 'column', field: { name: 'price', jsonPath: [] }, alias: null, cast: 'text' },
      { kind: 'column', field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'data', jsonPath: [{ arrow: '->', key: '0' }] }, alias: 'x', cast: null },
    ]);
  });

  it('reads embeds with aliases, hints, !inner and nesting', () => {
    const items = parseSelect('*,customer:profiles!bookings_customer_id_fkey(id,name),reviews!inner(rating,author:profiles(name))');
    expect(items[0]).toEqual({ kind: 'star' });
    expect(items[1]).toMatchObject({ kind: 'embed', relation: 'profiles', alias: 'customer', hint: 'bookings_customer_id_fkey', joinType: null });
    expect(items[2]).toMatchObject({ kind: 'embed', relation: 'reviews', alias: null, hint: null, joinType: 'inner' });
    const nested = items[2]!.kind === 'embed' ? items[2]!.items[1] : undefined;
    expect(nested).toMatchObject({ kind: 'embed', relation: 'profiles', alias: 'author' });
  });

  it('accepts quoted names and whitespace', () => {
    expect(parseSelect(' id , "weird name" ')).toEqual([
      { kind: 'column', field: { name: 'id', jsonPath: [] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'weird name', jsonPath: [] }, alias: null, cast: null },
    ]);
  });

  it('rejects malformed select with PGRST100', () => {
    for (const bad of ['id,', 'a(b', 'a)', 'id;drop table x', '...spread', 'x:...spread(a)', 'a::', "id'--"]) {
      const error = apiError(() => parseSelect(bad));
      expect(error.status).toBe(400);
      expect(error.body.code).toBe('PGRST100');
    }
  });

  it('reads aggregates as PostgREST: count(), col.agg(), aliases, the cast of the value and of the result', () => {
    const col = (name: string, jsonPath: { arrow: '->' | '->>'; key: string }[] = []) => ({ name, jsonPath });
    expect(parseSelect('count(),n:count()::text,amount.sum(),total:amount::int.avg()::text,data->>k::integer.max(),id.min(),id.count()')).toEqual([
      { kind: 'column', field: col('*'), alias: null, cast: null, aggregate: { fn: 'count', cast: null } },
      { kind: 'column', field: col('*'), alias: 'n', cast: null, aggregate: { fn: 'count', cast: 'text' } },
      { kind: 'column', field: col('amount'), alias: null, cast: null, aggregate: { fn: 'sum', cast: null } },
      { kind: 'column', field: col('amount'), alias: 'total', cast: 'int', aggregate: { fn: 'avg', cast: 'text' } },
      { kind: 'column', field: col('data', [{ arrow: '->>', key: 'k' }]), alias: null, cast: 'integer', aggregate: { fn: 'max', cast: null } },
      { kind: 'column', field: col('id'), alias: null, cast: null, aggregate: { fn: 'min', cast: null } },
      { kind: 'column', field: col('id'), alias: null, cast: null, aggregate: { fn: 'count', cast: null } },
    ]);
    const embedded = parseSelect('name,reviews(rating.avg(),count())')[1];
    expect(embedded).toMatchObject({ kind: 'embed', items: [{ aggregate: { fn: 'avg' } }, { aggregate: { fn: 'count' } }] });
    // `count` without parentheses stays the backwards-compatible embedded count (a column).
    expect(parseSelect('id,count')[1]).toEqual({ kind: 'column', field: col('count'), alias: null, cast: null });
    for (const bad of ['amount.total()', 'amount.sum', 'count()x', 'amount.sum()::']) expect(apiError(() => parseSelect(bad)).body.code).toBe('PGRST100');
  });

  it('refuses absurd nesting depth', () => {
    const deep = `${'a('.repeat(20)}id${')'.repeat(20)}`;
    expect(apiError(() => parseSelect(deep)).body.code).toBe('PGRST100');
  });
});

describe('parseOperation', () => {
  const field = { name: 'c', jsonPath: [] };
  it('reads simple operators and negation', () => {
    expect(parseOperation('eq.5', field, false).value).toEqual({ op: 'eq', value: '5' });
    expect(parseOperation('not.ilike.*an*', field, false)).toMatchObject({ negate: true, value: { op: 'ilike', value: '*an*' } });
    expect(parseOperation('gte.2024-01-01T00:00:00+07:00', field, false).value).toEqual({ op: 'gte', value: '2024-01-01T00:00:00+07:00' });
  });
  it('reads in lists with quoted values', () => {
    expect(parseOperation('in.(a,"b,c","d\\"e")', field, false).value).toEqual({ op: 'in', values: ['a', 'b,c', 'd"e'] });
    expect(parseOperation('in.()', field, false).value).toEqual({ op: 'in', values: [] });
  });
  it('reads is, fts with language, cs/cd/ov', () => {
    expect(parseOperation('is.NULL', field, false).value).toEqual({ op: 'is', value: 'null' });
    expect(parseOperation('not.is.not_null', field, false)).toMatchObject({ negate: true, value: { op: 'is', value: 'not_null' } });
    expect(parseOperation('fts(simple).sửa', field, false).value).toEqual({ op: 'fts', language: 'simple', value: 'sửa' });
    expect(parseOperation('cs.{a,b}', field, false).value).toEqual({ op: 'cs', value: '{a,b}' });
  });
  it('keeps the value verbatim, even when it looks like SQL', () => {
    const v = "eq.1'; drop table bookings; --";
    expect(parseOperation(v, field, false).value).toEqual({ op: 'eq', value: "1'; drop table bookings; --" });
  });
  it('rejects unknown operators and bad is values', () => {
    // Names every JavaScript object inherits are not operators either (closed lookup).
    for (const bad of ['equals.5', '5', 'is.maybe', 'in.1,2', 'eq(some).{1}', 'in(any).(1)', 'drop.table', 'constructor.x', 'toString.1', '__proto__.1', 'hasOwnProperty.x']) {
      expect(apiError(() => parseOperation(bad, field, false)).body.code).toBe('PGRST100');
    }
  });
});

describe('logic trees', () => {
  it('reads nested or/and/not with quoted values', () => {
    const tree = parseLogicTree('or', false, '(status.eq.pending,and(price.gt.1,price.lt.9),not.and(a.is.null,b.eq."x,y"),c.in.(1,2))');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: false });
    expect(tree.children[2]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    const inner = tree.children[2]!.kind === 'logic' ? tree.children[2]!.children[1] : undefined;
    expect(inner).toMatchObject({ kind: 'filter', value: { op: 'eq', value: 'x,y' } });
    expect(tree.children[3]).toMatchObject({ kind: 'filter', value: { op: 'in', values: ['1', '2'] } });
  });
  it('rejects malformed trees', () => {
    for (const bad of ['status.eq.1', '(status)', '(,)', '(a.eq.1', '(a.zz.1)']) {
      expect(apiError(() => parseLogicTree('or', false, bad)).body.code).toBe('PGRST100');
    }
  });
});

describe('parseOrder', () => {
  it('reads directions and nulls placement', () => {
    expect(parseOrder('created_at.desc.nullslast,name,price.asc')).toEqual([
      { relation: null, field: { name: 'created_at', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { relation: null, field: { name: 'name', jsonPath: [] }, direction: null, nulls: null },
      { relation: null, field: { name: 'price', jsonPath: [] }, direction: 'asc', nulls: null },
    ]);
  });
  it('reads related orders on embeds', () => {
    expect(parseOrder('customer(name).desc')).toEqual([{ relation: 'customer', field: { name: 'name', jsonPath: [] }, direction: 'desc', nulls: null }]);
  });
  it('rejects anything else', () => {
    for (const bad of ['a.sideways', 'a.desc;drop', 'a.desc.desc', '', 'a(b', 'a(b;drop)']) {
      expect(apiError(() => parseOrder(bad)).body.code).toBe('PGRST100');
    }
  });
});

describe('parseQuery', () => {
  it('sorts parameters into nodes, logic trees and reserved keys', () => {
    const params = new URLSearchParams(
      'select=id,reviews(rating)&status=eq.pending&reviews.rating=gte.4&reviews.order=rating.desc&reviews.limit=2&or=(a.eq.1,b.eq.2)&not.and=(c.eq.1,d.eq.2)&reviews.or=(rating.eq.5)&limit=10&offset=20&order=id&columns=a,b&on_conflict=id',
    );
    const parsed = parseQuery(params);
    const root = parsed.nodes.get('')!;
    expect(root.limit).toBe(10);
    expect(root.offset).toBe(20);
    expect(root.order).toHaveLength(1);
    expect(root.conditions.map((c) => c.kind)).toEqual(['filter', 'logic', 'logic']);
    expect(root.conditions[2]).toMatchObject({ op: 'and', negate: true });
    const reviews = parsed.nodes.get('reviews')!;
    expect(reviews.limit).toBe(2);
    expect(reviews.conditions).toHaveLength(2);
    expect(parsed.columns).toEqual(['a', 'b']);
    expect(parsed.onConflict).toEqual(['id']);
  });
  it('takes RPC arguments apart from filters', () => {
    const parsed = parseQuery(new URLSearchParams('p_status=pending&id=eq.1'), (k) => k === 'p_status');
    expect(parsed.args.get('p_status')).toBe('pending');
    expect(parsed.nodes.get('')!.conditions).toHaveLength(1);
  });
  it('treats + as a space (form encoding)', () => {
    const parsed = parseQuery(new URLSearchParams('name=eq.Nguyen+Van'));
    expect(parsed.nodes.get('')!.conditions[0]).toMatchObject({ value: { op: 'eq', value: 'Nguyen Van' } });
  });
  it('rejects bad limit/offset', () => {
    expect(apiError(() => parseQuery(new URLSearchParams('limit=abc'))).body.code).toBe('PGRST100');
    const negative = apiError(() => parseQuery(new URLSearchParams('limit=-1')));
    expect(negative.status).toBe(416);
    expect(negative.body.code).toBe('PGRST103');
    expect(apiError(() => parseQuery(new URLSearchParams('offset=1;select'))).body.code).toBe('PGRST100');
  });
});
