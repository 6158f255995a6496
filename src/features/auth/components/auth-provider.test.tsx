// @vitest-environment jsdom
// The stored admin session shows the back office at once; the server's verification runs in the
// background and a refusal signs out with "session expired" (docs/architecture.md#admin-loading).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/lib/messages/auth.ts';
import { useAuth } from './auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';

type UserAnswer = { data: { user: null }; error: { status: number; code: string; message: string } | null };

const mocks = vi.hoisted(() => ({
  getSession: vi.fn(),
  getUser: vi.fn(),
  signOut: vi.fn(),
  storedSession: vi.fn(),
  auth: vi.fn(),
}));

vi.mock('@/lib/supabase.ts', () => ({
  supabase: { auth: mocks.auth, storedSession: mocks.storedSession },
}));

const authClient = {
  getSession: mocks.getSession,
  getUser: mocks.getUser,
  signOut: mocks.signOut,
  onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
};

beforeEach(() => {
  mocks.auth.mockResolvedValue(authClient);
  mocks.storedSession.mockReturnValue(null);
});

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

describe('<AuthProvider /> before Auth has loaded', () => {
  it('renders signed in from a stored admin session in its first render, without waiting for Auth', () => {
    mocks.storedSession.mockReturnValue(adminSession);
    mocks.auth.mockReturnValue(new Promise(() => undefined));
    renderProvider();
    expect(screen.getByText('signedIn')).toBeTruthy();
  });

  it('waits for Auth when storage holds no usable session', async () => {
    mocks.getSession.mockResolvedValue({ data: { session: null } });
    renderProvider();
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('signedOut')).toBeTruthy();
  });

  it('does not show a stored session without the admin claim', () => {
    mocks.storedSession.mockReturnValue({ ...adminSession, user: { email: 'khach@example.com', app_metadata: {} } });
    mocks.auth.mockReturnValue(new Promise(() => undefined));
    renderProvider();
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('shows the login screen when Auth cannot be downloaded and no session is stored', async () => {
    mocks.auth.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderProvider();
    expect(await screen.findByText('signedOut')).toBeTruthy();
  });

  it('shows "session expired" without an unhandled failure when the server refuses and Auth cannot be downloaded', async () => {
    let answer: (value: UserAnswer) => void = () => undefined;
    mocks.getSession.mockResolvedValue({ data: { session: adminSession } });
    mocks.getUser.mockReturnValue(new Promise<UserAnswer>((resolve) => (answer = resolve)));
    renderProvider();
    expect(await screen.findByText('signedIn')).toBeTruthy();
    mocks.auth.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    answer({ data: { user: null }, error: { status: 403, code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' } });
    await waitFor(() => expect(screen.getByText(`signedOut · ${auth.login.sessionExpired}`)).toBeTruthy());
    await waitFor(() => expect(mocks.auth).toHaveBeenCalledTimes(2));
  });

  it('keeps a stored session when Auth cannot be downloaded', async () => {
    mocks.storedSession.mockReturnValue(adminSession);
    mocks.auth.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderProvider();
    await waitFor(() => expect(mocks.auth).toHaveBeenCalled());
    expect(screen.getByText('signedIn')).toBeTruthy();
  });
});
