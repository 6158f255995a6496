// @vitest-environment jsdom
// The stored admin session shows the back office at once; the server's verification runs in the
// background and a refusal signs out with "session expired" (docs/architecture.md#admin-loading).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/lib/messages/auth.ts';
import { useAuth } from './auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';

type UserAnswer = { data: { user: null }; error: { status: number; code: string; message: string } | null };

const mocks = vi.hoisted(() => ({
  getSession: vi.fn(),
  getUser: vi.fn(),
  signOut: vi.fn(),
}));

vi.mock('@/lib/supabase.ts', () => ({
  supabase: {
    auth: {
      getSession: mocks.getSession,
      getUser: mocks.getUser,
      signOut: mocks.signOut,
      onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
    },
  },
}));

const adminSession = { access_token: 'token', user: { email: 'admin@sandichvu.vn', app_metadata: { admin: true } } };

function Probe() {
  const { status, notice } = useAuth();
  return (
    <p>
      {status}
      {notice ? ` · ${notice}` : ''}
    </p>
  );
}

function renderProvider() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('<AuthProvider /> restoring a stored session', () => {
  it('shows the back office before the server has answered the verification', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: adminSession } });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>(() => undefined));
    renderProvider();
    expect(await screen.findByText('signedIn')).toBeTruthy();
    expect(mocks.getUser).toHaveBeenCalledTimes(1);
  });

  it('signs out with "session expired" when the server refuses the stored session', async () => {
    let answer: (value: UserAnswer) => void = () => undefined;
    mocks.getSession.mockResolvedValue({ data: { session: adminSession } });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>((resolve) => (answer = resolve)));
    mocks.signOut.mockResolvedValue({ error: null });
    renderProvider();
    expect(await screen.findByText('signedIn')).toBeTruthy();
    answer({ data: { user: null }, error: { status: 403, code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' } });
    await waitFor(() => expect(screen.getByText(`signedOut · ${auth.login.sessionExpired}`)).toBeTruthy());
    expect(mocks.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('keeps the session when the verification fails for want of network', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: adminSession } });
    mocks.getUser.mockResolvedValue({ data: { user: null }, error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' } });
    renderProvider();
    expect(await screen.findByText('signedIn')).toBeTruthy();
    await waitFor(() => expect(mocks.getUser).toHaveBeenCalled());
    expect(screen.getByText('signedIn')).toBeTruthy();
    expect(mocks.signOut).not.toHaveBeenCalled();
  });
});
