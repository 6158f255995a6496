import { describe, expect, it } from 'vitest';
import { bulkConflictOf, bulkRefusal, nameRows, undoBatch } from './bulk.ts';

const rows = [
  { id: 'id-1', status: 'inactive', previous_status: 'active', updated_at: '2026-11-28T10:00:00.123456+00:00' },
  { id: 'id-2', status: 'inactive', previous_status: 'pending_approval', updated_at: '2026-11-28T10:00:00.123456+00:00' },
];

describe('bulk actions', () => {
  it('the undo sends each row back to its previous status over the version the batch left', () => {
    expect(undoBatch(rows, 'p_expected_updated_at')).toEqual({
      ids: ['id-1', 'id-2'],
      statuses: ['active', 'pending_approval'],
      expected: ['2026-11-28T10:00:00.123456+00:00', '2026-11-28T10:00:00.123456+00:00'],
    });
    expect(undoBatch(rows, 'p_expected_statuses').expected).toEqual(['inactive', 'inactive']);
  });

  it('reads the rows of a refused batch from the PT409 detail, nothing from other errors', () => {
    const refused = { code: 'PT409', hint: 'bulk_conflict', details: '{"changed": ["id-3"], "ineligible": ["id-1"]}', message: '…' };
    expect(bulkConflictOf(refused)).toEqual({ changed: ['id-3'], ineligible: ['id-1'] });
    expect(bulkConflictOf({ ...refused, details: 'not json' })).toBeNull();
    expect(bulkConflictOf({ code: '42501', hint: '', details: '' })).toBeNull();
    expect(bulkConflictOf(new Error('x'))).toBeNull();
  });

  it('names how many rows and which refused the batch, the first five then how many more', () => {
    const labels = new Map([['id-3', 'Thợ C']]);
    expect(bulkRefusal({ changed: ['id-3'], ineligible: [] }, 3, (id) => labels.get(id))).toBe(
      'Không dòng nào được cập nhật: 1 trong 3 dòng đã bị người khác thay đổi hoặc không còn phù hợp (Thợ C). Danh sách đã được tải lại.',
    );
    const ids = ['1', '2', '3', '4', '5', '6', '7'].map((n) => `row-${n}`);
    expect(nameRows(ids, (id) => id.toUpperCase())).toBe('ROW-1, ROW-2, ROW-3, ROW-4, ROW-5 và 2 dòng khác');
  });
});
