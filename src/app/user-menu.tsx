// The admin's account menu in the header (the e-mail; change password, two-factor, sign out): a real
// menu (role="menu", arrow keys, Home / End, type-ahead, Escape back to the button) on Radix
// DropdownMenu (user-menu-radix.tsx). Its code is not part of any screen's cold download
// (docs/architecture.md#lazy-parts): until the first use the header shows a plain menu button
// (aria-haspopup="menu", aria-expanded="false"), and the first activation — a press of the primary
// pointer button, Enter, Space or ArrowDown, or a click (assistive technology) — imports the menu
// (React.lazy) and renders it already open, as Radix's trigger would have opened it: focus on the
// first item from the keyboard, on the menu from a pointer. From then on it is plain Radix.
import { lazy, Suspense, useRef, useState, useTransition, type KeyboardEvent, type PointerEvent } from 'react';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { UserMenuLabel, userMenuButtonClass } from './user-menu-label.tsx';

const UserMenuRadix = lazy(() => import('./user-menu-radix.tsx').then((module) => ({ default: module.UserMenuRadix })));

/** The keys that open a Radix DropdownMenu from its trigger. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

export function UserMenu() {
  const { email } = useAuth();
  // How the first activation came, once there was one: the menu's code is wanted from then on.
  const [openedBy, setOpenedBy] = useState<'keyboard' | 'pointer' | null>(null);
  const [open, setOpen] = useState(false);
  // A transition: the button stays on screen (and keeps the focus) while the menu's code arrives.
  const [loading, startTransition] = useTransition();
  const started = useRef(false);

  const start = (keyboard: boolean) => {
    if (started.current) return;
    started.current = true;
    startTransition(() => {
      setOpenedBy(keyboard ? 'keyboard' : 'pointer');
      setOpen(true);
    });
  };

  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
      className={userMenuButtonClass}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: the menu, not the button, takes the focus.
        event.preventDefault();
        start(false);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        start(true);
      }}
      // A click with no press before it: assistive technology, or a keyboard activation (detail 0).
      onClick={(event) => start(event.detail === 0)}
    >
      <UserMenuLabel email={email} />
    </button>
  );

  // One boundary from the start, so that the transition keeps showing the button (React holds an
  // already-shown boundary's content during a transition; a new boundary would show its fallback).
  return (
    <Suspense fallback={button}>
      {openedBy === null ? button : <UserMenuRadix open={open} onOpenChange={setOpen} focusFirstItem={openedBy === 'keyboard'} />}
    </Suspense>
  );
}
