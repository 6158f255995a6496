// @vitest-environment jsdom
// The auth provider on supabase-js's Auth: loading until getSession() answers, the stored admin
// session shown while the server's verification runs in the background (a refusal signs out with
// "session expired"), and onAuthStateChange followed afterwards.
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/lib/messages/auth.ts';
import { useAuth } from './auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';

type UserAnswer = { data: { user: null }; error: { status: number; code: string; message: string } | null };
type Listener = (event: AuthChangeEvent, session: unknown) => void;

const mocks = vi.hoisted(() => ({
  getSession: vi.fn(),
  getUser: vi.fn(),
  signOut: vi.fn(),
  onAuthStateChange: vi.fn(),
  unsubscribe: vi.fn(),
}));

vi.mock('@/lib/supabase/supabase.ts', () => ({
  supabase: { auth: { getSession: mocks.getSession, getUser: mocks.getUser, signOut: mocks.signOut, onAuthStateChange: mocks.onAuthStateChange } },
}));

let listener: Listener = () => undefined;

beforeEach(() => {
  mocks.onAuthStateChange.mockImplementation((callback: Listener) => {
    listener = callback;
    return { data: { subscription: { unsubscribe: mocks.unsubscribe } } };
  });
  mocks.signOut.mockResolvedValue({ error: null });
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  listener = () => undefined;
});

const adminSession = { access_token: 'token', user: { email: 'admin@sandichvu.vn', app_metadata: { admin: true } } };
const customerSession = { access_token: 'customer-token', user: { email: 'khach@example.com', app_metadata: {} } };

function Probe() {
  const { status, notice, email } = useAuth();
  return (
    <p>
      {status}
      {email ? ` · ${email}` : ''}
      {notice ? ` · ${notice}` : ''}
    </p>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('<AuthProvider /> restoring the stored session', () => {
  it('is loading until Auth has read the session, then shows the login screen when there is none', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mocks.getSession.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderProvider();
    expect(screen.getByText('loading')).toBeTruthy();
    answer({ data: { session: null }, error: null });
    expect(await screen.findByText('signedOut')).toBeTruthy();
    expect(mocks.getUser).not.toHaveBeenCalled();
  });

  it('shows the back office before the server has answered the verification', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: adminSession }, error: null });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>(() => undefined));
    renderProvider();
    expect(await screen.findByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
    expect(mocks.getUser).toHaveBeenCalledTimes(1);
  });

  it('signs out with "session expired" when the server refuses the stored session', async () => {
    let answer: (value: UserAnswer) => void = () => undefined;
    mocks.getSession.mockResolvedValue({ data: { session: adminSession }, error: null });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>((resolve) => (answer = resolve)));
    renderProvider();
    expect(await screen.findByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
    answer({ data: { user: null }, error: { status: 403, code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' } });
    await waitFor(() => expect(screen.getByText(`signedOut · ${auth.login.sessionExpired}`)).toBeTruthy());
    expect(mocks.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('keeps the session when the verification fails for want of network', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: adminSession }, error: null });
    mocks.getUser.mockResolvedValue({ data: { user: null }, error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' } });
    renderProvider();
    expect(await screen.findByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
    await waitFor(() => expect(mocks.getUser).toHaveBeenCalled());
    expect(screen.getByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
    expect(mocks.signOut).not.toHaveBeenCalled();
  });

  it('refuses a stored session without the admin claim and signs it out', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: customerSession }, error: null });
    renderProvider();
    expect(await screen.findByText(`signedOut · ${auth.login.noAccess}`)).toBeTruthy();
    await waitFor(() => expect(mocks.signOut).toHaveBeenCalledWith({ scope: 'local' }));
    expect(mocks.getUser).not.toHaveBeenCalled();
  });
});

describe('<AuthProvider /> following onAuthStateChange', () => {
  it('signs in on SIGNED_IN and leaves INITIAL_SESSION to getSession()', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: null }, error: null });
    renderProvider();
    expect(await screen.findByText('signedOut')).toBeTruthy();
    act(() => listener('INITIAL_SESSION', adminSession));
    expect(screen.getByText('signedOut')).toBeTruthy();
    act(() => listener('SIGNED_IN', adminSession));
    expect(screen.getByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
  });

  it('reads a SIGNED_OUT it did not ask for as an expired session', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: adminSession }, error: null });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>(() => undefined));
    renderProvider();
    expect(await screen.findByText('signedIn · admin@sandichvu.vn')).toBeTruthy();
    act(() => listener('SIGNED_OUT', null));
    expect(screen.getByText(`signedOut · ${auth.login.sessionExpired}`)).toBeTruthy();
  });

  it('rejects a signed-in user without the admin claim', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: null }, error: null });
    renderProvider();
    expect(await screen.findByText('signedOut')).toBeTruthy();
    act(() => listener('SIGNED_IN', customerSession));
    expect(screen.getByText(`signedOut · ${auth.login.noAccess}`)).toBeTruthy();
    await waitFor(() => expect(mocks.signOut).toHaveBeenCalledWith({ scope: 'local' }));
  });

  it('unsubscribes when unmounted', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: null }, error: null });
    const { unmount } = renderProvider();
    expect(await screen.findByText('signedOut')).toBeTruthy();
    unmount();
    expect(mocks.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
