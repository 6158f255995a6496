import { describe, expect, it } from 'vitest';
import { auditChanges, formatAuditValue, toAuditLogArgs } from './audit-log-filters.ts';

const NONE = { table: '', actor: '', record: '', from: '', to: '' };

describe('toAuditLogArgs', () => {
  it('sends nothing without filters', () => {
    expect(toAuditLogArgs(NONE)).toEqual({});
  });

  it('trims table, actor and record', () => {
    expect(toAuditLogArgs({ ...NONE, table: ' profiles ', actor: ' admin@sandichvu.vn ', record: ' 42 ' })).toEqual({
      p_table: 'profiles',
      p_actor: 'admin@sandichvu.vn',
      p_record: '42',
    });
  });

  it('reads the period as Vietnam days, the end day included', () => {
    expect(toAuditLogArgs({ ...NONE, from: '2026-11-01', to: '2026-11-02' })).toEqual({
      p_from: '2026-10-31T17:00:00.000Z',
      p_to: '2026-11-02T17:00:00.000Z',
    });
  });

  it('reads a period given backwards the right way round', () => {
    expect(toAuditLogArgs({ ...NONE, from: '2026-11-02', to: '2026-11-01' })).toEqual({
      p_from: '2026-10-31T17:00:00.000Z',
      p_to: '2026-11-02T17:00:00.000Z',
    });
  });

  it('leaves out a day that does not exist, before turning a backwards period round', () => {
    // "from" is impossible (and greater as text): "to" stays the end, not swapped into the start.
    expect(toAuditLogArgs({ ...NONE, from: '2026-02-31', to: '2026-02-01' })).toEqual({ p_to: '2026-02-01T17:00:00.000Z' });
    expect(toAuditLogArgs({ ...NONE, from: '2026-02-01', to: '2026-02-31' })).toEqual({ p_from: '2026-01-31T17:00:00.000Z' });
    expect(toAuditLogArgs({ ...NONE, from: '2026-13-01', to: '2026-02-01' })).toEqual({ p_to: '2026-02-01T17:00:00.000Z' });
    expect(toAuditLogArgs({ ...NONE, from: '2026-02-29', to: '2026-02-31' })).toEqual({});
  });
});

describe('the diff', () => {
  it('lists columns with before and after', () => {
    expect(auditChanges({ status: ['pending', 'confirmed'], deposit: [0, 100000] })).toEqual([
      { column: 'deposit', before: 0, after: 100000 },
      { column: 'status', before: 'pending', after: 'confirmed' },
    ]);
  });

  it('shows null as empty and objects as JSON', () => {
    expect(formatAuditValue(null, '(trống)')).toBe('(trống)');
    expect(formatAuditValue('Khách A', '(trống)')).toBe('Khách A');
    expect(formatAuditValue({ a: 1 }, '(trống)')).toBe('{"a":1}');
    expect(formatAuditValue(true, '(trống)')).toBe('true');
  });
});
