// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '@/lib/lists/paging.ts';
import { Pagination, pageBounds, pageCount, paginationWindow, rangeText } from './pagination.tsx';

afterEach(cleanup);

describe('pagination maths', () => {
  it('50 rows a page', () => {
    expect(PAGE_SIZE).toBe(50);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(600)).toBe(12);
  });
  it('window of current−2…current+2, clamped to the existing pages', () => {
    expect(paginationWindow(1, 12)).toEqual([1, 2, 3]);
    expect(paginationWindow(2, 12)).toEqual([1, 2, 3, 4]);
    expect(paginationWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(paginationWindow(12, 12)).toEqual([10, 11, 12]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(99, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(0, 3)).toEqual([1, 2, 3]);
  });
  it('"Hiển thị X–Y trên Z"', () => {
    expect(pageBounds(1, 120)).toEqual({ from: 1, to: 50 });
    expect(pageBounds(3, 120)).toEqual({ from: 101, to: 120 });
    expect(rangeText(3, 120)).toBe('Hiển thị 101–120 trên 120');
    expect(rangeText(2, 1234567)).toBe('Hiển thị 51–100 trên 1.234.567');
    expect(rangeText(1, 0)).toBe('Hiển thị 0 trên 0');
    expect(rangeText(1, 123456, PAGE_SIZE, true)).toBe('Hiển thị 1–50 trên khoảng 123.456');
  });
});

describe('<Pagination />', () => {
  it('renders accessible controls, marks the current page and reports clicks', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={6} total={600} onPageChange={onPageChange} />);
    expect(screen.getByText('Hiển thị 251–300 trên 600')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Phân trang' });
    const pageButtons = Array.from(nav.querySelectorAll('button')).map((button) => button.textContent);
    expect(pageButtons).toEqual(['', '', '4', '5', '6', '7', '8', '', '']);
    expect(screen.getByRole('button', { name: 'Trang 6' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Trang đầu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trang trước' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trang 8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trang cuối' }));
    expect(onPageChange.mock.calls.map(([page]) => page as number)).toEqual([1, 5, 8, 7, 12]);
  });

  it('disables first/previous on the first page and next/last on the last', () => {
    const { rerender } = render(<Pagination page={1} total={120} onPageChange={() => undefined} />);
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    expect(disabled('Trang đầu')).toBe(true);
    expect(disabled('Trang trước')).toBe(true);
    expect(disabled('Trang sau')).toBe(false);
    rerender(<Pagination page={3} total={120} onPageChange={() => undefined} />);
    expect(disabled('Trang sau')).toBe(true);
    expect(disabled('Trang cuối')).toBe(true);
    expect(disabled('Trang đầu')).toBe(false);
  });
});
