// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFilter, FilterBar } from './filter-bar.tsx';

afterEach(cleanup);

const labels = { fromDate: 'Từ ngày', toDate: 'Đến ngày' };

function renderRange(from: string, to: string) {
  render(
    <FilterBar>
      <DateRangeFilter labels={labels} from={from} to={to} onChange={vi.fn()} />
    </FilterBar>,
  );
  return {
    from: screen.getByLabelText('Từ ngày') as HTMLInputElement,
    to: screen.getByLabelText('Đến ngày') as HTMLInputElement,
  };
}

describe('DateRangeFilter', () => {
  it('an impossible day of the URL shows as empty, with a message saying the filter was ignored', () => {
    const inputs = renderRange('2026-02-31', '2026-03-05');
    expect(inputs.from.value).toBe('');
    // The fields show dd/mm/yyyy whatever the browser's locale (date-field.tsx).
    expect(inputs.to.value).toBe('05/03/2026');
    expect(screen.getByRole('alert').textContent).toBe('Ngày không hợp lệ: 2026-02-31 — bộ lọc đã được bỏ qua.');
  });

  it('one message per impossible side', () => {
    renderRange('2026-13-01', '2026-02-29');
    const lines = [...screen.getByRole('alert').querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).toEqual(['Ngày không hợp lệ: 2026-13-01 — bộ lọc đã được bỏ qua.', 'Ngày không hợp lệ: 2026-02-29 — bộ lọc đã được bỏ qua.']);
  });

  it('a period given backwards is refused with a message naming both days', () => {
    renderRange('2026-03-10', '2026-03-01');
    expect(screen.getByRole('alert').textContent).toBe('"Từ ngày" (10/03/2026) sau "Đến ngày" (01/03/2026) — khoảng ngày đã được bỏ qua. Vui lòng chọn lại.');
  });

  it('the audit log, which reads a backwards period the right way round, says nothing', () => {
    render(<DateRangeFilter labels={labels} from="2026-03-10" to="2026-03-01" onChange={vi.fn()} refuseReversed={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('days that exist (a leap day included) show as they are, with no message', () => {
    const inputs = renderRange('2028-02-29', '2028-03-01');
    expect(inputs.from.value).toBe('29/02/2028');
    expect(inputs.to.value).toBe('01/03/2028');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
