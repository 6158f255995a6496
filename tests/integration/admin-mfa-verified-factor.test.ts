// The red-team request of an admin who enrolled and verified a TOTP factor: with the setting
// "Bắt buộc xác thực hai lớp cho quản trị viên" off, a password-only (aal1) session of that admin
// (a stolen password) reaches no admin data through the whole stack: the dashboard RPC and a balance
// adjustment are refused (42501) and profiles shows only its own row. The same admin's aal2
// session (password + TOTP code, from the local Auth) works (docs/database.md#roles).
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../local-stack/auth/mfa.ts';
import { accessTokenOf, createTestUser, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Quantri@2024';

async function aalOf(client: Awaited<ReturnType<typeof signedInClient>>): Promise<unknown> {
  const token = await accessTokenOf(client);
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aal?: unknown };
  return payload.aal;
}

async function adjustmentsOf(providerId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from public.deposit_history where provider_id = $1 and kind = 'adjustment'`,
    [providerId],
  );
  return row?.n ?? -1;
}

describe('an admin with a verified second factor needs aal2, whatever the setting', () => {
  it('a password-only session of that admin is refused; the aal2 session works', async () => {
    const [setting] = await sql<{ require_admin_mfa: boolean }>(`select require_admin_mfa from public.settings where id = 'app'`);
    expect(setting?.require_admin_mfa).toBe(false);

    const email = uniqueEmail('mfa-factor');
    await createTestUser(email, PASSWORD, { admin: true });
    const providerId = await createTestUser(uniqueEmail('mfa-factor-provider'), PASSWORD, { role: 'provider' });

    // Enrol and verify a TOTP factor: this session becomes aal2.
    const strong = await signedInClient(email, PASSWORD);
    const enrolled = await strong.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const verified = await strong.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(enrolled.data!.totp.secret, Date.now() / 1000),
    });
    expect(verified.error).toBeNull();
    expect(await aalOf(strong)).toBe('aal2');

    // The red-team request: the password alone, a new aal1 session of the same admin.
    const weak = await signedInClient(email, PASSWORD);
    expect(await aalOf(weak)).toBe('aal1');
    const dashboard = await weak.rpc('admin_dashboard');
    expect(dashboard.error?.code).toBe('42501');
    const profiles = await weak.from('profiles').select('id, email');
    expect(profiles.error).toBeNull();
    expect(profiles.data!.map((row) => row.email)).toEqual([email]);
    const adjusted = await weak.rpc('admin_adjust_balance', { p_provider_id: providerId, p_amount: 100000, p_reason: 'Thử nâng số dư' });
    expect(adjusted.error?.code).toBe('42501');
    expect(await adjustmentsOf(providerId)).toBe(0);

    // The aal2 session of the same admin works.
    const strongDashboard = await strong.rpc('admin_dashboard');
    expect(strongDashboard.error).toBeNull();
    const strongProfiles = await strong.from('profiles').select('id').limit(5);
    expect(strongProfiles.error).toBeNull();
    expect(strongProfiles.data!.length).toBeGreaterThan(1);
    const strongAdjusted = await strong.rpc('admin_adjust_balance', { p_provider_id: providerId, p_amount: 100000, p_reason: 'Thử nâng số dư' });
    expect(strongAdjusted.error).toBeNull();
    expect(await adjustmentsOf(providerId)).toBe(1);
  });
});
