// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MfaGate } from './mfa-gate.tsx';

interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  fetchStatus: 'fetching' | 'idle';
}

const state = vi.hoisted(() => ({
  assurance: { data: undefined, isPending: true, fetchStatus: 'fetching' } as QueryState<{ currentLevel: string | null; nextLevel: string | null }>,
  requirement: { data: undefined, isPending: true, fetchStatus: 'idle' } as QueryState<boolean>,
  requirementEnabled: [] as boolean[],
}));

vi.mock('./auth-context.ts', () => ({ useAuth: () => ({ session: { access_token: 'token' }, signOut: () => Promise.resolve() }) }));
vi.mock('@/features/auth/api/mfa-assurance-query.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/api/mfa-assurance-query.ts')>()),
  useAssurance: () => state.assurance,
}));
vi.mock('@/features/auth/api/admin-mfa-requirement-query.ts', () => ({
  useAdminMfaRequirement: (enabled: boolean) => {
    state.requirementEnabled.push(enabled);
    return enabled ? state.requirement : { data: undefined, isPending: true, fetchStatus: 'idle' };
  },
}));
vi.mock('@/features/auth/routes/sign-in-code-step.tsx', () => ({ default: () => <p>bước nhập mã</p> }));
vi.mock('./mfa-enrol-form.tsx', () => ({ MfaEnrolForm: () => <p>form đăng ký</p> }));

function renderGate() {
  render(
    <MfaGate>
      <p>trang quản trị</p>
    </MfaGate>,
  );
}

beforeEach(() => {
  state.requirementEnabled = [];
});
afterEach(cleanup);

describe('<MfaGate />', () => {
  it('shows nothing of the back office while the assurance level is read', () => {
    state.assurance = { data: undefined, isPending: true, fetchStatus: 'fetching' };
    renderGate();
    expect(screen.queryByText('trang quản trị')).toBeNull();
  });

  it('asks for the code when a verified factor exists and the session is aal1', async () => {
    state.assurance = { data: { currentLevel: 'aal1', nextLevel: 'aal2' }, isPending: false, fetchStatus: 'idle' };
    renderGate();
    expect(await screen.findByText('bước nhập mã')).toBeTruthy();
    expect(screen.queryByText('trang quản trị')).toBeNull();
    expect(state.requirementEnabled.every((enabled) => !enabled)).toBe(true);
  });

  it('lets an aal2 session in without reading the setting', () => {
    state.assurance = { data: { currentLevel: 'aal2', nextLevel: 'aal2' }, isPending: false, fetchStatus: 'idle' };
    renderGate();
    expect(screen.getByText('trang quản trị')).toBeTruthy();
    expect(state.requirementEnabled.every((enabled) => !enabled)).toBe(true);
  });

  it('lets an admin without a factor in when the setting is off', () => {
    state.assurance = { data: { currentLevel: 'aal1', nextLevel: 'aal1' }, isPending: false, fetchStatus: 'idle' };
    state.requirement = { data: false, isPending: false, fetchStatus: 'idle' };
    renderGate();
    expect(screen.getByText('trang quản trị')).toBeTruthy();
  });

  it('leads an admin without a factor to enrol when the setting is on, instead of data', async () => {
    state.assurance = { data: { currentLevel: 'aal1', nextLevel: 'aal1' }, isPending: false, fetchStatus: 'idle' };
    state.requirement = { data: true, isPending: false, fetchStatus: 'idle' };
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Cần bật xác thực hai lớp' })).toBeTruthy();
    expect(screen.getByText('form đăng ký')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đăng nhập bằng tài khoản khác' })).toBeTruthy();
    expect(screen.queryByText('trang quản trị')).toBeNull();
  });
});
