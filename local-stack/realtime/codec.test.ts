import { describe, expect, it } from 'vitest';
import { decodeBinaryFrame, decodeFrame, encodeFrame, encodeUserBroadcast, parseVsn, reply, validUserPayload } from './codec.ts';
import { filterSql, FilterParseError, parseFilter } from './filters.ts';
import { capIdentityKey, rlsGroupKey } from './identity.ts';

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

describe('binary broadcast frames', () => {
  /** A user broadcast push as realtime-js 2.x's serializer builds it (kind 3). */
  function push(joinRef: string, ref: string, topic: string, event: string, payload: Buffer, encoding = 1): Buffer {
    const head = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, encoding]);
    return Buffer.concat([head, Buffer.from(joinRef + ref + topic + event), payload]);
  }

  it('decodes a user broadcast push with a JSON payload', () => {
    const frame = push('1', '2', 'realtime:room', 'cursor', Buffer.from('{"x":1}'));
    expect(decodeBinaryFrame(frame)).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'cursor',
      encoding: 'json',
      payload: Buffer.from('{"x":1}'),
      metadata: {},
    });
  });

  it('refuses truncated frames, other kinds and invalid JSON payloads', () => {
    const frame = push('1', '2', 'realtime:room', 'cursor', Buffer.from('{"x":1}'));
    expect(decodeBinaryFrame(frame.subarray(0, 12))).toBeUndefined();
    expect(decodeBinaryFrame(Buffer.concat([Buffer.from([4]), frame.subarray(1)]))).toBeUndefined();
    expect(decodeBinaryFrame(push('1', '2', 'realtime:room', 'cursor', Buffer.from('{x')))).toBeUndefined();
    expect(decodeBinaryFrame(push('', '', 'realtime:room', 'raw', Buffer.from([0xff, 0]), 0))?.encoding).toBe('binary');
  });

  it('leaves the JSON check of the user payload to the caller when asked (oversized pushes are not parsed)', () => {
    const unchecked = decodeBinaryFrame(push('1', '2', 'realtime:room', 'cursor', Buffer.from('{x')), false);
    expect(unchecked?.payload.toString()).toBe('{x');
    expect(validUserPayload(unchecked!)).toBe(false);
    expect(validUserPayload({ encoding: 'json', payload: Buffer.from('{"x":1}') })).toBe(true);
    expect(validUserPayload({ encoding: 'binary', payload: Buffer.from([0xff]) })).toBe(true);
  });

  it('encodes a user broadcast (kind 4) the way realtime-js decodes it', () => {
    const frame = encodeUserBroadcast('realtime:room', 'cursor', 'json', Buffer.from('{"x":1}'))!;
    expect([...frame.subarray(0, 5)]).toEqual([4, 'realtime:room'.length, 'cursor'.length, 0, 1]);
    expect(frame.subarray(5).toString()).toBe('realtime:roomcursor{"x":1}');
    expect(encodeUserBroadcast('realtime:' + 'x'.repeat(300), 'e', 'json', Buffer.from('{}'))).toBeUndefined();
  });
});

describe('RLS groups of subscribers', () => {
  const claims = { sub: 'u1', role: 'authenticated', email: 'a@b.vn', app_metadata: { provider: 'email', roles: ['customer'] }, aal: 'aal1' };

  it('puts tokens of one user that differ only in token-specific claims in one group', () => {
    const a = rlsGroupKey('authenticated', { ...claims, iat: 1, exp: 100, session_id: 's1', amr: [{ method: 'password', timestamp: 1 }] });
    const b = rlsGroupKey('authenticated', { exp: 200, ...claims, iat: 2, session_id: 's2', jti: 'j' });
    expect(a).toBe(b);
  });

  it('separates users, roles and claims that RLS may read', () => {
    const base = rlsGroupKey('authenticated', claims);
    expect(rlsGroupKey('authenticated', { ...claims, sub: 'u2' })).not.toBe(base);
    expect(rlsGroupKey('anon', claims)).not.toBe(base);
    expect(rlsGroupKey('authenticated', { ...claims, app_metadata: { provider: 'email', roles: ['admin'] } })).not.toBe(base);
    expect(rlsGroupKey('authenticated', { ...claims, aal: 'aal2' })).not.toBe(base);
    expect(rlsGroupKey('authenticated', { ...claims, email: 'c@d.vn' })).not.toBe(base);
  });

  it('caps signed-in users by role and sub, not tokens without sub', () => {
    expect(capIdentityKey('authenticated', { ...claims, session_id: 'x' })).toBe(capIdentityKey('authenticated', claims));
    expect(capIdentityKey('anon', { role: 'anon' })).toBeUndefined();
  });
});
