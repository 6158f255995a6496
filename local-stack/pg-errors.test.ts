import { describe, expect, it } from 'vitest';
import { isConnectionError } from './pg-errors.ts';

function pgError(code: string, message = 'error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isConnectionError', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54322'), { code: 'ECONNREFUSED' })],
    ['reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['class 08', pgError('08006', 'connection failure')],
    ['class 08 (protocol)', pgError('08P01')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['aggregate', Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'), {})],
    ['cause', new Error('wrapped', { cause: pgError('57P01') })],
  ])('recognises %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['RLS', pgError('42501', 'new row violates row-level security policy')],
    ['syntax', pgError('42601', 'syntax error at or near "x"')],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['plain error', new Error('something else')],
    ['string', 'ECONNREFUSED-looking text is not an error object with a code'],
    ['null', null],
  ])('does not take %s for a lost database', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
