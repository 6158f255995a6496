// @vitest-environment jsdom
// The account menu's button (user-menu.tsx): a real menu button whose Radix menu
// (user-menu-radix.tsx) is imported on the first activation only, and then opens at once, the focus
// on its first item when the keyboard opened it; later openings are Radix's own.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/components/auth-context.ts';
import { UserMenu } from './user-menu.tsx';

const radix = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./user-menu-radix.tsx', async (importOriginal) => {
  radix.imports += 1;
  return importOriginal();
});

const AUTH: AuthContextValue = {
  status: 'signedIn',
  session: null,
  email: 'admin@sdv.vn',
  notice: null,
  clearNotice: () => undefined,
  signOut: async () => undefined,
};

beforeAll(() => {
  // Radix's popper measures its content; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});

afterEach(cleanup);

describe('<UserMenu />', () => {
  it('imports the menu on the first Enter only, opens it on its first item, then works as Radix', async () => {
    render(
      <MemoryRouter>
        <AuthContext.Provider value={AUTH}>
          <UserMenu />
        </AuthContext.Provider>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: /Tài khoản/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('admin-email').textContent).toBe('admin@sdv.vn');
    // Focus and hover load nothing.
    button.focus();
    fireEvent.pointerEnter(button);
    // Pending effects and microtasks run: an import started by either would be counted.
    await act(async () => {});
    expect(radix.imports).toBe(0);

    fireEvent.keyDown(button, { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: /^Tài khoản/ });
    expect(radix.imports).toBe(1);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Đổi mật khẩu', 'Xác thực hai lớp', 'Đăng xuất']);
    expect(document.activeElement).toBe(items[0]);
    const trigger = screen.getByRole('button', { name: /Tài khoản/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);

    fireEvent.keyDown(items[0] as HTMLElement, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    // Radix hands the focus back once the menu has gone (a task later).
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));

    // The second opening is Radix's trigger's own.
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await screen.findByRole('menu', { name: /^Tài khoản/ });
    expect(radix.imports).toBe(1);
  });
});
