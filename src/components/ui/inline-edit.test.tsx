// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// InlineEdit is a lazy wrapper around the editor (inline-edit-field.tsx); these tests drive the editor
// itself (the wrapper's loading is covered end to end).
vi.mock('./inline-edit.tsx', async () => ({ InlineEdit: (await import('./inline-edit-field.tsx')).default }));
import { InlineEdit } from './inline-edit.tsx';

afterEach(cleanup);

function startEditing(label = 'Sửa tên') {
  fireEvent.click(screen.getByTitle(label));
  return screen.getByRole('textbox') as HTMLInputElement;
}

/** The name editor beside another button ("khác"), opened with the draft "B". */
function editBesideAnotherButton(onSave: (value: string) => unknown) {
  render(
    <div>
      <InlineEdit label="tên" value="A" onSave={onSave} />
      <button type="button">khác</button>
    </div>,
  );
  const input = startEditing();
  fireEvent.change(input, { target: { value: 'B' } });
  return { input, other: screen.getByText('khác') };
}

describe('<InlineEdit /> text', () => {
  it('click starts, Enter saves the trimmed value, focus returns to the value', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<InlineEdit label="tên" value="Nguyễn Văn A" onSave={onSave} />);
    const input = startEditing();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Nguyễn Văn A');
    fireEvent.change(input, { target: { value: '  Trần Thị B  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).toHaveBeenCalledWith('Trần Thị B');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTitle('Sửa tên')));
  });

  it('Escape cancels without saving', () => {
    const onSave = vi.fn();
    render(<InlineEdit label="tên" value="A" onSave={onSave} />);
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'B' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTitle('Sửa tên').textContent).toContain('A');
  });

  it('blur saves; the cancel button does not', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const first = editBesideAnotherButton(onSave);
    fireEvent.blur(first.input, { relatedTarget: first.other });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('B'));
    // The save settles and the editor closes before the next edit starts.
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());

    const input = startEditing();
    fireEvent.change(input, { target: { value: 'C' } });
    const cancel = screen.getByRole('button', { name: 'Hủy' });
    fireEvent.blur(input, { relatedTarget: cancel });
    fireEvent.click(cancel);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('focus taken by a dialog keeps the draft unsaved and the editor open', () => {
    const onSave = vi.fn();
    render(
      <div>
        <InlineEdit label="tên" value="A" onSave={onSave} />
        <div role="alertdialog">
          <button type="button">Ở lại</button>
        </div>
      </div>,
    );
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'B' } });
    fireEvent.blur(input, { relatedTarget: screen.getByText('Ở lại') });
    expect(onSave).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('B');
  });

  it('an empty value cannot be saved: save disabled, Enter shows the message, blur cancels', () => {
    const onSave = vi.fn();
    render(<InlineEdit label="tên" value="A" onSave={onSave} />);
    const input = startEditing();
    fireEvent.change(input, { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Lưu' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Giá trị không được để trống');
    expect(onSave).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('an unchanged value just closes', () => {
    const onSave = vi.fn();
    render(<InlineEdit label="tên" value="A" onSave={onSave} />);
    const input = startEditing();
    fireEvent.change(input, { target: { value: ' A ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('the validation message is shown in place and nothing is saved', () => {
    const onSave = vi.fn();
    const validate = (value: string) => (value.includes('@') ? undefined : 'Email không hợp lệ');
    render(<InlineEdit label="email" value="a@b.vn" onSave={onSave} validate={validate} inputType="email" />);
    const input = startEditing('Sửa email');
    fireEvent.change(input, { target: { value: 'khong-hop-le' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Email không hợp lệ');
    expect(onSave).not.toHaveBeenCalled();
    // Typing clears the message.
    fireEvent.change(input, { target: { value: 'c@d.vn' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('transform applies after trimming (promotion codes upper-case)', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<InlineEdit label="mã" value="GIAM10" onSave={onSave} transform={(value) => value.toUpperCase()} />);
    const input = startEditing('Sửa mã');
    fireEvent.change(input, { target: { value: ' giam20 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('GIAM20'));
  });

  it('shows the pending state while saving and the error in place when saving fails', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const onSave = vi.fn(() => new Promise((_, fail) => (reject = fail)));
    render(<InlineEdit label="tên" value="A" onSave={onSave} />);
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'B' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Đang lưu…')).toBeTruthy();
    // Read-only, not disabled: a disabled input would drop the focus to the page.
    expect(input.readOnly).toBe(true);
    expect(document.activeElement).toBe(input);
    // Enter again while pending does not save twice.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => reject({ code: '42501', message: 'permission denied for table profiles' }));
    expect(screen.getByRole('alert').textContent).toBe('Không có quyền cập nhật dữ liệu. Vui lòng kiểm tra quyền đăng nhập.');
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('B');
    expect(document.activeElement).toBe(input);
  });

  it('is keyboard accessible: the value is a button, Enter/Space on it starts editing', () => {
    render(<InlineEdit label="tên" value="A" onSave={() => undefined} />);
    const button = screen.getByRole('button', { name: /Sửa tên/ });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('textbox', { name: 'tên' })).toBeTruthy();
  });

  it('disabled: no editing', () => {
    render(<InlineEdit label="tên" value="A" onSave={() => undefined} disabled />);
    fireEvent.click(screen.getByTitle('Sửa tên'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('<InlineEdit /> number', () => {
  it('parses numbers (comma or dot), checks bounds and integers', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<InlineEdit variant="number" label="hoa hồng" value={10} min={0} max={100} onSave={onSave} />);
    const input = startEditing('Sửa hoa hồng');
    const refused: [string, string][] = [
      ['abc', 'Vui lòng nhập một số hợp lệ'],
      ['101', 'Hoa hồng phải từ 0 đến 100'],
      ['1e3', 'Vui lòng nhập một số hợp lệ'],
      ['-5', 'Hoa hồng phải từ 0 đến 100'],
    ];
    for (const [value, message] of refused) {
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    fireEvent.change(input, { target: { value: '12,5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(12.5));
  });

  it('integer only when asked', () => {
    const onSave = vi.fn();
    render(<InlineEdit variant="number" label="thứ tự" value={1} integer min={0} onSave={onSave} />);
    const input = startEditing('Sửa thứ tự');
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Vui lòng nhập một số hợp lệ');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('<InlineEdit /> bounds (docs/product.md#input-rules)', () => {
  it('a text longer than maxLength is refused with the field and the limit; the input carries maxLength', () => {
    const onSave = vi.fn();
    render(<InlineEdit label="Họ tên" value="A" maxLength={100} onSave={onSave} />);
    const input = startEditing('Sửa Họ tên');
    expect(input.getAttribute('maxlength')).toBe('100');
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Họ tên tối đa 100 ký tự');
    expect(onSave).not.toHaveBeenCalled();
  });
  it('a money value out of range names the field and shows VND', () => {
    const onSave = vi.fn();
    render(<InlineEdit variant="number" label="giá" value={100} integer money min={1} max={1_000_000_000} onSave={onSave} />);
    const input = startEditing('Sửa giá');
    fireEvent.change(input, { target: { value: '99999999999999999999' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent?.replace(/\u00a0/g, ' ')).toBe('Giá phải từ 1 ₫ đến 1.000.000.000 ₫');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('<InlineEdit /> select', () => {
  const options = [
    { value: 'active', label: 'Hoạt động' },
    { value: 'inactive', label: 'Tạm dừng' },
  ];
  it('shows the label, saves on change, Escape cancels', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<InlineEdit variant="select" label="trạng thái" value="active" options={options} onSave={onSave} />);
    expect(screen.getByTitle('Sửa trạng thái').textContent).toContain('Hoạt động');
    fireEvent.click(screen.getByTitle('Sửa trạng thái'));
    let select = screen.getByRole('combobox', { name: 'trạng thái' });
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByTitle('Sửa trạng thái'));
    select = screen.getByRole('combobox', { name: 'trạng thái' });
    fireEvent.change(select, { target: { value: 'inactive' } });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('inactive'));
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });
});

describe('<InlineEdit /> keyboard and focus (docs/screens.md#keyboard)', () => {
  it('Tab out saves: the save and cancel buttons are not in the Tab order, leaving the field saves and the focus stays where it went', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { input, other: next } = editBesideAnotherButton(onSave);
    expect(screen.getByRole('button', { name: 'Lưu' }).tabIndex).toBe(-1);
    expect(screen.getByRole('button', { name: 'Hủy' }).tabIndex).toBe(-1);
    next.focus();
    fireEvent.blur(input, { relatedTarget: next });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('B'));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(document.activeElement).toBe(next);
  });

  it('a save that fails after the focus fell to the page brings it back to the field', async () => {
    const onSave = vi.fn().mockRejectedValue({ code: '42501', message: 'permission denied' });
    render(<InlineEdit label="tên" value="A" onSave={onSave} />);
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'B' } });
    input.blur();
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });

  it('one editor at a time: opening another saves the open one first', async () => {
    const saveName = vi.fn().mockResolvedValue(undefined);
    const savePhone = vi.fn().mockResolvedValue(undefined);
    render(
      <div>
        <InlineEdit label="tên" value="A" onSave={saveName} />
        <InlineEdit label="điện thoại" value="0901" onSave={savePhone} />
      </div>,
    );
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'B' } });
    // A click that does not move the focus (no blur): opening the other editor saves this one.
    fireEvent.click(screen.getByTitle('Sửa điện thoại'));
    await waitFor(() => expect(saveName).toHaveBeenCalledWith('B'));
    await waitFor(() => expect(screen.getAllByRole('textbox')).toHaveLength(1));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('0901');
    expect(savePhone).not.toHaveBeenCalled();
  });

  it('one editor at a time: an open editor with an invalid value keeps the focus and the other stays closed', async () => {
    render(
      <div>
        <InlineEdit variant="number" label="giá" value={10} min={0} max={100} onSave={() => undefined} />
        <InlineEdit label="tên" value="A" onSave={() => undefined} />
      </div>,
    );
    const input = startEditing('Sửa giá');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTitle('Sửa tên'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Vui lòng nhập một số hợp lệ'));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(document.activeElement).toBe(input);
  });
});

describe('<InlineEdit /> select: a choice saves, an arrow key does not', () => {
  const options = [
    { value: 'pending', label: 'Chờ duyệt' },
    { value: 'completed', label: 'Hoàn thành' },
  ];
  /** Opens the status select and presses ArrowDown on it, as Chromium does on a closed select: keydown, then change with the next value. */
  function arrowDownInStatusSelect(onSave: (value: string) => unknown) {
    render(<InlineEdit variant="select" label="trạng thái" value="pending" options={options} onSave={onSave} />);
    fireEvent.click(screen.getByTitle('Sửa trạng thái'));
    const select = screen.getByRole('combobox', { name: 'trạng thái' });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'completed' } });
    fireEvent.keyUp(select, { key: 'ArrowDown' });
    return select;
  }

  it('ArrowDown only moves the draft; Enter then saves it', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const select = arrowDownInStatusSelect(onSave);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onSave).not.toHaveBeenCalled();
    expect((select as HTMLSelectElement).value).toBe('completed');
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('completed'));
  });

  it('leaving the select after an arrow key saves the draft', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    fireEvent.blur(arrowDownInStatusSelect(onSave));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('completed'));
  });
});
