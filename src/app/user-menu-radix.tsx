// The account menu itself (user-menu.tsx loads it after the first paint): Radix DropdownMenu, so the
// button is a menu button (aria-haspopup="menu") and the entries are menu items reached with the arrow
// keys; Escape or a click outside closes it and the focus goes back to the button.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { auth } from '@/lib/messages/auth.ts';
import { UserMenuLabel, userMenuButtonClass } from './user-menu-label.tsx';

const t = auth.shell;

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100';

/** `takeFocus`: whether the stand-in button had the focus when this replaced it. */
export function UserMenuRadix({ defaultOpen, takeFocus }: { defaultOpen: boolean; takeFocus: () => boolean }) {
  const { email, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!defaultOpen && takeFocus() && (document.activeElement === null || document.activeElement === document.body)) triggerRef.current?.focus();
    // Only when it replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={userMenuButtonClass}>
        <UserMenuLabel email={email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          aria-label={t.userMenu}
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
