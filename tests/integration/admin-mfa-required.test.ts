// "Bắt buộc xác thực hai lớp cho quản trị viên" through the whole stack: with the setting on, an
// admin's password-only (aal1) session reads no protected data and cannot write, even its own
// settings; once it verifies a TOTP code (aal2, from the local Auth) the same admin reads and
// writes again. The setting is restored at the end (integration files run one at a time).
import { afterAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../local-stack/auth/mfa.ts';
import { createTestUser, sql, signedInClient, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Quantri@2024';

afterAll(async () => {
  await sql(`update public.settings set require_admin_mfa = false where id = 'app'`);
});

describe('admin second factor required by the settings', () => {
  it('an aal1 admin sees nothing and writes nothing; the same admin at aal2 does', async () => {
    const email = uniqueEmail('mfa-required');
    await createTestUser(email, PASSWORD, { admin: true });
    const admin = await signedInClient(email, PASSWORD);

    // Setting off: password alone is enough.
    const before = await admin.from('profiles').select('id').limit(5);
    expect(before.error).toBeNull();
    expect(before.data!.length).toBeGreaterThan(1);

    await sql(`update public.settings set require_admin_mfa = true where id = 'app'`);

    const profiles = await admin.from('profiles').select('id, email');
    expect(profiles.error).toBeNull();
    expect(profiles.data!.map((row) => row.email)).toEqual([email]);
    const stats = await admin.rpc('admin_dashboard');
    expect(stats.error?.code).toBe('42501');
    const turnedOff = await admin.from('settings').update({ require_admin_mfa: false }).eq('id', 'app').select('id');
    expect(turnedOff.data).toEqual([]);
    const setting = await admin.from('settings').select('require_admin_mfa').eq('id', 'app').single();
    expect(setting.data).toEqual({ require_admin_mfa: true });

    // Enrol and verify: the session becomes aal2.
    const enrolled = await admin.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const verified = await admin.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totpCode(enrolled.data!.totp.secret, Date.now() / 1000) });
    expect(verified.error).toBeNull();

    const after = await admin.from('profiles').select('id').limit(5);
    expect(after.data!.length).toBeGreaterThan(1);
    expect((await admin.rpc('admin_dashboard')).error).toBeNull();
    const off = await admin.from('settings').update({ require_admin_mfa: false }).eq('id', 'app').select('require_admin_mfa');
    expect(off.data).toEqual([{ require_admin_mfa: false }]);
  });
});
