import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.tsx';

afterEach(() => toast.clear());

describe('toast', () => {
  it('never shows the same message twice at once', () => {
    toast.error('Không thể lưu');
    toast.error('Không thể lưu');
    toast.success('Đã lưu');
    toast.success('Đã lưu');
    expect(toast.visible().map((item) => item.message)).toEqual(['Không thể lưu', 'Đã lưu']);
  });

  it('an error dismisses the success toasts on screen, not the other errors', () => {
    toast.success('Đã lưu');
    toast.error('Lỗi một');
    toast.error('Lỗi hai');
    expect(toast.visible().map((item) => item.kind)).toEqual(['error', 'error']);
  });

  it('a repeated message lasts from its last showing', () => {
    vi.useFakeTimers();
    toast.success('Đã lưu');
    vi.advanceTimersByTime(3000);
    toast.success('Đã lưu');
    vi.advanceTimersByTime(3000);
    expect(toast.visible()).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    expect(toast.visible()).toHaveLength(0);
    vi.useRealTimers();
  });
});
