// The account menu button's look and content, shared by the stand-in the shell shows first
// (user-menu.tsx) and the Radix menu's trigger (user-menu-radix.tsx).
import { ChevronDown } from 'lucide-react';
import { auth } from '@/lib/messages/auth.ts';

const t = auth.shell;

export const userMenuButtonClass =
  'flex max-w-[60vw] items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700';

/** What the button shows: the e-mail, named "Tài khoản" for screen readers. */
export function UserMenuLabel({ email }: { email: string | null | undefined }) {
  return (
    <>
      <span className="sr-only">{t.userMenu}: </span>
      <span className="truncate" data-testid="admin-email">
        {email}
      </span>
      <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
    </>
  );
}
