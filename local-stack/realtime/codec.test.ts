import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, parseVsn, reply } from './codec.ts';
import { filterSql, FilterParseError, parseFilter } from './filters.ts';

describe('Phoenix frame codec', () => {
  it('decodes and encodes vsn 2.0.0 array frames', () => {
    const frame = '["1","1","realtime:room","phx_join",{"config":{"postgres_changes":[]}}]';
    const message = decodeFrame(frame, '2.0.0');
    expect(message).toEqual({ joinRef: '1', ref: '1', topic: 'realtime:room', event: 'phx_join', payload: { config: { postgres_changes: [] } } });
    expect(encodeFrame(message!, '2.0.0')).toBe(frame);
  });

  it('decodes heartbeats with a null join_ref and answers with phx_reply', () => {
    const message = decodeFrame('[null,"7","phoenix","heartbeat",{}]', '2.0.0')!;
    expect(message.joinRef).toBeNull();
    expect(encodeFrame(reply(message, 'ok', {}), '2.0.0')).toBe('[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]');
  });

  it('decodes and encodes vsn 1.0.0 object frames', () => {
    const message = decodeFrame('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}', '1.0.0')!;
    expect(message).toEqual({ joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} });
    expect(JSON.parse(encodeFrame(reply(message, 'ok', {}), '1.0.0'))).toEqual({
      join_ref: null,
      ref: '3',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
  });

  it.each([
    ['not json', '2.0.0'],
    ['["1","1","t","e"]', '2.0.0'],
    ['["1","1","","e",{}]', '2.0.0'],
    ['["1","1","t","e",[1]]', '2.0.0'],
    ['[{},"1","t","e",{}]', '2.0.0'],
    ['["1","1","t","e",{}]', '1.0.0'],
  ] as const)('refuses malformed frame %s (%s)', (frame, vsn) => {
    expect(decodeFrame(frame, vsn)).toBeUndefined();
  });

  it('accepts only the protocol versions realtime-js speaks', () => {
    expect(parseVsn('2.0.0')).toBe('2.0.0');
    expect(parseVsn('1.0.0')).toBe('1.0.0');
    expect(parseVsn(null)).toBe('1.0.0');
    expect(parseVsn('3.0.0')).toBeUndefined();
  });
});

describe('postgres_changes filters', () => {
  it('parses the operators realtime-js builds', () => {
    expect(parseFilter('booking_id=eq.40000000-0000-4000-8000-000000000200')).toEqual([
      { column: 'booking_id', op: 'eq', values: ['40000000-0000-4000-8000-000000000200'] },
    ]);
    expect(parseFilter('id=in.(1,2,"a,b")')).toEqual([{ column: 'id', op: 'in', values: ['1', '2', 'a,b'] }]);
    expect(parseFilter('id=eq.1,age=lt.30')).toEqual([
      { column: 'id', op: 'eq', values: ['1'] },
      { column: 'age', op: 'lt', values: ['30'] },
    ]);
    expect(parseFilter('name=eq."x, y"')).toEqual([{ column: 'name', op: 'eq', values: ['x, y'] }]);
    expect(parseFilter(undefined)).toEqual([]);
    expect(parseFilter('')).toEqual([]);
  });

  it.each(['id', 'id=', '=eq.1', 'id=like.1', 'id=in.1', 'id=in.()', 'id=eq."open'])('refuses %s', (filter) => {
    expect(() => parseFilter(filter)).toThrow(FilterParseError);
  });

  it('turns a filter into SQL with bind parameters and catalogue types only', () => {
    const params: unknown[] = [];
    const sql = filterSql(
      parseFilter('booking_id=eq.x\'; drop table t; --,n=in.(1,2)'),
      (column) => (column === 'n' ? 'integer' : 'uuid'),
      (value) => {
        params.push(value);
        return `$${params.length}`;
      },
    );
    expect(sql).toBe('(t."booking_id" = $1::uuid) and (t."n" = any($2::integer[]))');
    expect(params).toEqual(["x'; drop table t; --", ['1', '2']]);
  });
});
