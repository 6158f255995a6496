// The account menu itself (user-menu.tsx imports it on the button's first activation and renders it
// open): Radix DropdownMenu, so the button is a menu button (aria-haspopup="menu", aria-expanded)
// and the entries are menu items reached with the arrow keys; Escape or a click outside closes it
// and the focus goes back to the button.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { auth } from '@/lib/messages/auth.ts';
import { UserMenuLabel, userMenuButtonClass } from './user-menu-label.tsx';

const t = auth.shell;

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100';

export interface UserMenuRadixProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The first opening came from the keyboard (Enter, Space, ArrowDown on the button before this
   * module was loaded): the first item takes the focus, as Radix does when its own trigger is opened
   * from the keyboard. Radix learns that from a keydown it listens to once mounted, which this one
   * came before.
   */
  focusFirstItem: boolean;
}

export function UserMenuRadix({ open, onOpenChange, focusFirstItem }: UserMenuRadixProps) {
  const { email, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const firstOpening = useRef(true);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger className={userMenuButtonClass}>
        <UserMenuLabel email={email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          aria-label={t.userMenu}
          onFocus={(event) => {
            // Radix focuses the menu itself as it opens; on the first opening, from the keyboard, the
            // first item takes it instead (what Radix's own entry focus does for a keyboard opening).
            if (event.target !== event.currentTarget || !firstOpening.current) return;
            firstOpening.current = false;
            if (focusFirstItem) event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
          }}
          className="z-40 w-56 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/admin/change-password">
              <KeyRound className="size-4" aria-hidden="true" />
              {t.changePassword}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/admin/two-factor">
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t.twoFactor}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            disabled={signingOut}
            onSelect={(event) => {
              event.preventDefault();
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {signingOut ? t.signingOut : t.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
