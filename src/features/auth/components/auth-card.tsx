// The centred card of the sign-in screens (password, then the second factor's code, or the
// enrolment the settings require): brand, heading, an alert line and the step's content.
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { mfa } from '@/lib/messages/mfa.ts';
import { useAuth } from './auth-context.ts';
import { BrandMark } from './brand-logo.tsx';

export interface AuthCardProps {
  heading: string;
  subheading: string;
  /** An error or notice, shown as an alert above the content. */
  message?: string | null;
  /** Wider card (the enrolment's QR code). */
  wide?: boolean;
  children: ReactNode;
  /** Under the card (links of the sign-in page). */
  footer?: ReactNode;
}

export function AuthCard({ heading, subheading, message, wide, children, footer }: AuthCardProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-sm'} rounded-xl bg-white p-6 shadow-md sm:p-8`}>
          <div className="mb-6 flex flex-col items-center gap-2 text-center">
            <BrandMark className="size-12" />
            <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
            <p className="text-sm text-slate-600">{subheading}</p>
          </div>
          {message ? (
            <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {message}
            </div>
          ) : null}
          {children}
        </div>
      </main>
      {footer}
    </div>
  );
}

/** "Đăng nhập bằng tài khoản khác": signs this session out, back to the password step. */
export function SwitchAccountButton() {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Button
      variant="ghost"
      disabled={signingOut}
      onClick={() => {
        setSigningOut(true);
        void signOut().finally(() => setSigningOut(false));
      }}
    >
      {mfa.challenge.signOut}
    </Button>
  );
}
