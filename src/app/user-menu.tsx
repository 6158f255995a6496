// The admin's account menu in the header (the e-mail; change password, two-factor, sign out): a real
// menu (role="menu", arrow keys, Home / End, type-ahead, Escape back to the button) on Radix
// DropdownMenu (user-menu-radix.tsx). Its ~25 kB gzip is not part of any screen's cold download
// (docs/architecture.md#budgets): the shell shows a button that looks the same, the menu's code loads
// once the page is idle (or on the first hover, focus or click), then replaces it; a click that comes
// first opens the menu as soon as it arrives.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { UserMenuLabel, userMenuButtonClass } from './user-menu-label.tsx';

const UserMenuRadix = lazy(() => import('./user-menu-radix.tsx').then((module) => ({ default: module.UserMenuRadix })));

export function UserMenu() {
  const { email } = useAuth();
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // The stand-in had the focus when the menu replaced it: the menu's button takes it over.
  const focused = useRef(false);

  useEffect(() => {
    if (wanted) return;
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(() => setWanted(true), { timeout: 3000 }) : window.setTimeout(() => setWanted(true), 1500);
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [wanted]);

  const stand = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={openAtOnce}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        focused.current = true;
        setWanted(true);
      }}
      onBlur={(event) => {
        // Removed while focused (replaced by the menu) is not leaving it.
        if (event.relatedTarget !== null) focused.current = false;
      }}
      onClick={() => {
        setOpenAtOnce(true);
        setWanted(true);
      }}
      className={userMenuButtonClass}
    >
      <UserMenuLabel email={email} />
    </button>
  );
  if (!wanted) return stand;
  return (
    <Suspense fallback={stand}>
      <UserMenuRadix defaultOpen={openAtOnce} takeFocus={() => focused.current} />
    </Suspense>
  );
}
