// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { AmountCellEditor } from './amount-cell-editor.tsx';

afterEach(cleanup);

function start(): HTMLInputElement {
  fireEvent.click(screen.getByRole('button', { name: /Số tiền/ }));
  return screen.getByRole('textbox', { name: 'Số tiền' }) as HTMLInputElement;
}

describe('<AmountCellEditor />', () => {
  it('saves a new amount typed with thousand separators on Enter and closes', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AmountCellEditor label="Số tiền" value={300000} onSave={onSave} />);
    const input = start();
    expect(input.value).toBe('300000');
    fireEvent.change(input, { target: { value: '1.250.000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(1250000));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('an empty or unchanged value cancels without saving (Enter and blur)', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AmountCellEditor label="Số tiền" value={300000} onSave={onSave} />);
    let input = start();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    input = start();
    fireEvent.change(input, { target: { value: '300.000' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the message of the catalogue for a negative value and keeps editing; Escape cancels', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AmountCellEditor label="Số tiền" value={300000} onSave={onSave} />);
    const input = start();
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', t.amountInvalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a failed save in place and stays open', async () => {
    const onSave = vi.fn().mockRejectedValue({ code: '23514', message: 'new row violates check constraint', status: 400 });
    render(<AmountCellEditor label="Số tiền" value={1000} onSave={onSave} />);
    const input = start();
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(screen.getByRole('textbox')).toBeTruthy();
  });

  it('refuses an amount off the 1,000 VND step in place, naming the field', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AmountCellEditor label="Số tiền" field="Số tiền" value={1_500_000} onSave={onSave} />);
    const input = start();
    fireEvent.change(input, { target: { value: '1500' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Số tiền phải là bội số của 1\.000 ₫/);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks first: declined, the editor closes on the old value and nothing is saved', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const confirm = vi.fn().mockResolvedValue(false);
    render(<AmountCellEditor label="Số tiền" value={1_500_000} onSave={onSave} confirm={confirm} />);
    const input = start();
    fireEvent.change(input, { target: { value: '500.000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(500_000);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Số tiền/ }).textContent).toContain(formatVnd(1_500_000));
  });

  it('asks first: confirmed, the value is saved once even though the input lost focus to the dialog', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    let answer: (value: boolean) => void = () => undefined;
    const confirm = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    render(<AmountCellEditor label="Số tiền" value={1_500_000} onSave={onSave} confirm={confirm} />);
    const input = start();
    fireEvent.change(input, { target: { value: '500.000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    answer(true);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(500_000));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
