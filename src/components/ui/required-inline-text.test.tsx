// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// InlineEdit is a lazy wrapper around the editor (inline-edit-field.tsx); these tests drive the editor
// itself (the wrapper's loading is covered end to end).
vi.mock('./inline-edit.tsx', async () => ({ InlineEdit: (await import('./inline-edit-field.tsx')).default }));
import { RequiredInlineText } from './required-inline-text.tsx';

afterEach(cleanup);

describe('<RequiredInlineText />', () => {
  it("Enter on a blank value shows the field's own message, linked to the input, and does not save", () => {
    const onSave = vi.fn();
    render(<RequiredInlineText label="tên dịch vụ" value="Dọn nhà" requiredMessage="Tên dịch vụ không được để trống" onSave={onSave} />);
    fireEvent.click(screen.getByTitle('Sửa tên dịch vụ'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Tên dịch vụ không được để trống');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText('Giá trị không được để trống')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('typing hides the message; validate still applies to non-blank values; a valid value saves', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(
      <RequiredInlineText
        label="hoa hồng"
        value="10"
        requiredMessage="Tỷ lệ hoa hồng phải là số từ 0 đến 100"
        validate={(value) => (Number(value) > 100 ? 'Tỷ lệ hoa hồng phải là số từ 0 đến 100' : undefined)}
        onSave={onSave}
      />,
    );
    fireEvent.click(screen.getByTitle('Sửa hoa hồng'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Tỷ lệ hoa hồng phải là số từ 0 đến 100');
    fireEvent.change(input, { target: { value: '1' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Tỷ lệ hoa hồng phải là số từ 0 đến 100');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('12.5'));
  });
});
