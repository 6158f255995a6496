// TOTP multi-factor authentication through supabase-js: enrol, challenge, verify with a code
// computed from the secret, aal2 in the JWT, what needs aal2, and unenrolment.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../local-stack/auth/mfa.ts';
import { anonClient, createTestUser, serviceClient, signedInClient, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Matkhau@2024';
const now = (): number => Math.floor(Date.now() / 1000);

async function enrolledUser(prefix: string): Promise<{ email: string; secret: string; factorId: string; client: Awaited<ReturnType<typeof signedInClient>> }> {
  const email = uniqueEmail(prefix);
  await createTestUser(email, PASSWORD);
  const client = await signedInClient(email, PASSWORD);
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Điện thoại' });
  if (error) throw error;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret, now()) });
  if (verified.error) throw verified.error;
  return { email, secret: data.totp.secret, factorId: data.id, client };
}

describe('TOTP enrolment and verification', () => {
  it('enrol returns a secret, an otpauth URI and an SVG QR code; verifying a code steps the session up to aal2', async () => {
    const email = uniqueEmail('mfa');
    await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Điện thoại' });
    expect(enrolled.error).toBeNull();
    const { id, totp } = enrolled.data!;
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    expect(totp.uri).toContain(encodeURIComponent(email));
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);

    const challenge = await client.auth.mfa.challenge({ factorId: id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(now());
    const wrong = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: totpCode(totp.secret, now() - 300) });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const verified = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: totpCode(totp.secret, now()) });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(expect.arrayContaining(['totp', 'password']));
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((factor) => factor.id)).toEqual([id]);
    // A used challenge cannot be replayed.
    const replay = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: totpCode(totp.secret, now()) });
    expect(replay.error?.code).toBe('mfa_factor_not_found');
  });

  it('a new password sign-in is aal1 with aal2 next; it cannot change the password or unenrol until it verifies a code', async () => {
    const { email, secret, factorId } = await enrolledUser('mfa-aal1');
    const fresh = await signedInClient(email, PASSWORD);
    const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const password = await fresh.auth.updateUser({ password: 'MatkhauMoi@2025' });
    expect(password.error?.status).toBe(401);
    expect(password.error?.code).toBe('insufficient_aal');
    const unenrol = await fresh.auth.mfa.unenroll({ factorId });
    expect(unenrol.error?.status).toBe(422);
    expect(unenrol.error?.code).toBe('insufficient_aal');

    expect((await fresh.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) })).error).toBeNull();
    expect((await fresh.auth.updateUser({ password: 'MatkhauMoi@2025' })).error).toBeNull();
    expect((await fresh.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await fresh.auth.mfa.listFactors()).data?.totp).toEqual([]);
  });

  it("another user's factor is not found", async () => {
    const { factorId } = await enrolledUser('mfa-owner');
    const otherEmail = uniqueEmail('mfa-other');
    await createTestUser(otherEmail, PASSWORD);
    const other = await signedInClient(otherEmail, PASSWORD);
    const { error } = await other.auth.mfa.challenge({ factorId });
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('mfa_factor_not_found');
  });

  it('the admin API lists and deletes a user\'s factors', async () => {
    const { email, factorId } = await enrolledUser('mfa-admin');
    const admin = serviceClient().auth.admin;
    const { data: users } = await admin.listUsers({ perPage: 1000 });
    const userId = users.users.find((user) => user.email === email)!.id;
    const listed = await admin.mfa.listFactors({ userId });
    expect(listed.data?.factors.map((factor) => [factor.id, factor.status])).toEqual([[factorId, 'verified']]);
    expect((await admin.mfa.deleteFactor({ userId, id: factorId })).error).toBeNull();
    expect((await admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
    // Without a factor the user signs in at aal1 with nothing more to ask.
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });
});
