// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field.tsx';
import { formatDateForField, parseTypedDate } from './date-text.ts';

afterEach(cleanup);

describe('parseTypedDate / formatDateForField', () => {
  it('reads dd/mm/yyyy typed by hand, with or without leading zeros, and only days that exist', () => {
    expect(parseTypedDate('05/03/2026')).toBe('2026-03-05');
    expect(parseTypedDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseTypedDate('5-3-2026')).toBe('2026-03-05');
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDate('29/02/2026')).toBeNull();
    expect(parseTypedDate('31/04/2026')).toBeNull();
    expect(parseTypedDate('03/13/2026')).toBeNull();
    expect(parseTypedDate('2026-03-05')).toBeNull();
    expect(parseTypedDate('05/03/26')).toBeNull();
  });
  it('reads a 24-hour time; a day alone takes the default time when one is given', () => {
    expect(parseTypedDate('05/03/2026 14:30', true)).toBe('2026-03-05T14:30');
    expect(parseTypedDate('05/03/2026 7:05', true)).toBe('2026-03-05T07:05');
    expect(parseTypedDate('05/03/2026 24:00', true)).toBeNull();
    expect(parseTypedDate('05/03/2026 2:30 PM', true)).toBeNull();
    expect(parseTypedDate('05/03/2026', true)).toBeNull();
    expect(parseTypedDate('05/03/2026', true, '23:59')).toBe('2026-03-05T23:59');
  });
  it('shows ISO values as dd/mm/yyyy (hh:mm), anything else as it is', () => {
    expect(formatDateForField('2026-03-05')).toBe('05/03/2026');
    expect(formatDateForField('2026-03-05T14:30', true)).toBe('05/03/2026 14:30');
    expect(formatDateForField('')).toBe('');
    expect(formatDateForField('32/13/2026')).toBe('32/13/2026');
  });
});

describe('<DateField />', () => {
  it('shows the value as dd/mm/yyyy and reports a whole typed date at once, ISO', () => {
    const onChange = vi.fn();
    render(<DateField label="Từ ngày" value="2026-01-02" onChange={onChange} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('02/01/2026');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '05/03/202' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '05/03/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05');
  });
  it('leaving the field with text that is not a date reports it as typed; emptying it reports ""', () => {
    const onChange = vi.fn();
    render(<DateField label="Từ ngày" value="2026-01-02" onChange={onChange} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('31/02/2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
  it('has a calendar button named after the field', () => {
    render(<DateField label="Đến ngày" value="" onChange={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Chọn đến ngày trên lịch' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
