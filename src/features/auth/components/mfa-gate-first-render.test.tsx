// @vitest-environment jsdom
// A full load of the back office with a stored aal1 session and no verified factor: the gate shows
// the screen in its very first render (no loading state first, no extra render one timer later),
// and a session with a verified factor is never shown the screen: it is asked for its code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mfaKeys } from '@/features/auth/api/mfa-keys.ts';
import { MfaGate } from './mfa-gate.tsx';

const held = vi.hoisted(() => ({ session: null as unknown }));

vi.mock('./auth-context.ts', () => ({ useAuth: () => ({ session: held.session, signOut: () => Promise.resolve() }) }));
// Auth's own answer never comes: the gate decides from the session the auth provider holds.
vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: { auth: { mfa: { getAuthenticatorAssuranceLevel: () => new Promise(() => undefined) } } } }));
vi.mock('@/features/auth/routes/sign-in-code-step.tsx', () => ({ default: () => <p>bước nhập mã</p> }));

function session(aal: string, factors: { status: string }[] = []) {
  const payload = Buffer.from(JSON.stringify({ sub: 'u1', aal })).toString('base64url');
  return { access_token: `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`, user: { id: 'u1', factors } };
}

function renderGate(client: QueryClient): string[] {
  const shown: string[] = [];
  function Screen() {
    shown.push('screen');
    return <p>trang quản trị</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <MfaGate>
        <Screen />
      </MfaGate>
    </QueryClientProvider>,
  );
  return shown;
}

afterEach(cleanup);

describe('MfaGate, first render', () => {
  it('shows the screen at once when the settings answer is in the cache and the session needs no code', () => {
    held.session = session('aal1');
    const client = new QueryClient();
    client.setQueryData(mfaKeys.requirement(), false);
    const shown = renderGate(client);
    // In the first render, synchronously: nothing had a chance to resolve yet.
    expect(screen.getByText('trang quản trị')).toBeTruthy();
    expect(shown.length).toBeGreaterThan(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks a session with a verified factor for its code, without showing the screen', async () => {
    held.session = session('aal1', [{ status: 'verified' }]);
    const client = new QueryClient();
    client.setQueryData(mfaKeys.requirement(), false);
    const shown = renderGate(client);
    expect(await screen.findByText('bước nhập mã')).toBeTruthy();
    expect(shown).toEqual([]);
  });
});
