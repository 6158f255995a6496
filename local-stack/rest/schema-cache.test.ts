import { describe, expect, it } from 'vitest';
import { buildSchemaCache, SCHEMA_QUERY } from './schema-cache.ts';

const column = (name: string) => ({ name, cast_type: '"pg_catalog"."text"', type_name: 'text', nullable: true, default_expr: null, generated: false });
const arg = (name: string | null, mode: string, type = 'integer') => ({ name, mode, cast_type: '"pg_catalog"."int4"', type_name: type });
const routine = (name: string, extra: Record<string, unknown>) => ({
  name,
  args: null,
  n_defaults: 0,
  returns_set: false,
  ret_type_name: 'integer',
  ret_typtype: 'b',
  ret_relation: null,
  ret_relation_oid: null,
  ret_is_void: false,
  ret_columns: null,
  volatility: 'v',
  ...extra,
});

describe('buildSchemaCache', () => {
  const cache = buildSchemaCache({
    relations: [{ oid: 1, name: 'items', kind: 'r', columns: [column('id'), column('name')], pk: ['id'], uniques: [['name']] }],
    fks: null,
    view_columns: null,
    routines: [
      routine('scalar', { args: [arg('a', 'i'), arg('b', 'i')], n_defaults: 1, volatility: 's' }),
      routine('rows', { returns_set: true, ret_relation: 'items', ret_typtype: 'c', ret_type_name: 'items' }),
      routine('table_fn', { returns_set: true, args: [arg('n', 'i'), arg('i', 't'), arg('sq', 't')], ret_typtype: 'p', ret_type_name: 'record' }),
      routine('out_fn', { args: [arg('x', 'i'), arg('lo', 'o'), arg('hi', 'o')], ret_typtype: 'p', ret_type_name: 'record' }),
      routine('nothing', { ret_is_void: true, ret_type_name: 'void', ret_typtype: 'p' }),
      routine('overloaded', { args: [arg('a', 'i')] }),
      routine('overloaded', { args: [arg('b', 'i')] }),
    ],
  });

  it('keeps primary and unique keys', () => {
    expect(cache.relations.get('items')!.uniqueKeys).toEqual([['id'], ['name']]);
  });

  it('reads argument defaults, volatility and return shapes', () => {
    const scalar = cache.routines.get('scalar')![0]!;
    expect(scalar.params.map((p) => [p.name, p.hasDefault])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect([scalar.returnKind, scalar.volatility]).toEqual(['scalar', 'stable']);
    expect(cache.routines.get('rows')![0]).toMatchObject({ returnKind: 'relation', returnRelation: 'items', returnsSet: true });
    const table = cache.routines.get('table_fn')![0]!;
    expect(table.returnKind).toBe('table_columns');
    expect(table.params.map((p) => p.name)).toEqual(['n']);
    expect(table.returnColumns.map((c) => c.name)).toEqual(['i', 'sq']);
    expect(cache.routines.get('out_fn')![0]!.returnColumns.map((c) => c.name)).toEqual(['lo', 'hi']);
    expect(cache.routines.get('nothing')![0]!.returnKind).toBe('void');
    expect(cache.routines.get('overloaded')).toHaveLength(2);
  });

  it('reads the catalog with the schema name as a bind parameter', () => {
    expect(SCHEMA_QUERY).toContain('nspname = $1');
    expect(SCHEMA_QUERY).not.toContain("'public'");
  });
});
