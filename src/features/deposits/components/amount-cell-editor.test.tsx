// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    render(<AmountCellEditor label="Số tiền" value={1} onSave={onSave} />);
    const input = start();
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(screen.getByRole('textbox')).toBeTruthy();
  });
});
