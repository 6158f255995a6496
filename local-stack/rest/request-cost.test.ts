import { describe, expect, it } from 'vitest';
import type { ApiError } from './errors.ts';
import { apiError } from './expect-api-error.ts';
import { parseQuery } from './parse-query.ts';
import { checkCost, planCost } from './request-cost.ts';
import { buildSchemaCache, type SchemaCache } from './schema-cache.ts';
import { planRead, relationSource } from './sql-read.ts';

const col = (name: string) => ({ name, cast_type: '"pg_catalog"."text"', type_name: 'text', nullable: true, default_expr: null, generated: false });

/** bookings → profiles (customer), reviews → bookings. */
function buildCache(): SchemaCache {
  return buildSchemaCache({
    relations: [
      { oid: 1, name: 'profiles', kind: 'r', columns: [col('id'), col('name'), col('role')], pk: ['id'], uniques: null },
      { oid: 2, name: 'bookings', kind: 'r', columns: [col('id'), col('customer_id'), col('status'), col('price')], pk: ['id'], uniques: null },
      { oid: 3, name: 'reviews', kind: 'r', columns: [col('id'), col('booking_id'), col('rating')], pk: ['id'], uniques: null },
    ],
    fks: [
      { name: 'bookings_customer_id_fkey', from_oid: 2, from_cols: ['customer_id'], to_oid: 1, to_cols: ['id'] },
      { name: 'reviews_booking_id_fkey', from_oid: 3, from_cols: ['booking_id'], to_oid: 2, to_cols: ['id'] },
    ],
    view_columns: [],
    routines: [],
  });
}

const LIMITS = { maxEmbeds: 3, maxEmbedDepth: 2, maxColumns: 12 };

function plan(cache: SchemaCache, table: string, select: string) {
  return planRead(cache, relationSource(cache, table)!, parseQuery(new URLSearchParams({ select })));
}

describe('request cost', () => {
  it('counts embeds, nesting and the columns of every level (star = every column)', () => {
    const cache = buildCache();
    const columns = cache.relations.get('bookings')!.columnList.length;
    const cost = planCost(plan(cache, 'bookings', '*,customer:profiles!bookings_customer_id_fkey(id,name),reviews(id,bookings(id))'));
    expect(cost).toEqual({ embeds: 3, depth: 2, columns: columns + 2 + 1 + 1 });
  });

  it('refuses each limit with 400 SDV003 naming it', () => {
    const cache = buildCache();
    const refusal = (select: string): ApiError => apiError(() => checkCost(plan(cache, 'bookings', select), LIMITS));
    const tooDeep = refusal('id,reviews(id,bookings(id,reviews(id)))');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ code: 'SDV003', message: 'Request too costly' });
    expect(tooDeep.body.details).toContain('nested 3 deep (at most 2)');
    expect(refusal('id,a:reviews(id),b:reviews(id),c:reviews(id),d:reviews(id)').body.details).toContain('4 embedded resources (at most 3)');
    const wide = Array.from({ length: 13 }, (_, i) => `c${i}:id`).join(',');
    expect(refusal(wide).body.details).toContain('13 selected columns (at most 12)');
    expect(() => checkCost(plan(cache, 'bookings', 'id,status,reviews(id)'), LIMITS)).not.toThrow();
  });
});
