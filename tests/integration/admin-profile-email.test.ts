// An admin changes a customer's sign-in e-mail through public.admin_set_profile_email
// (docs/decisions.md#an-admin-changes-the-sign-in-e-mail), through supabase-js against the running
// stack: the customer signs in with the new address and no longer with the old one, the e-mail
// identity and the profile follow, both addresses receive a notice in the mailbox; a customer's
// crafted call and an address another account uses are refused.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createTestUser, DEMO_ACCOUNTS, mailsTo, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Khach@2024';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
});

async function version(id: string): Promise<string> {
  const { data, error } = await admin.from('profiles').select('updated_at').eq('id', id).single();
  expect(error).toBeNull();
  return data!.updated_at as string;
}

describe('admin_set_profile_email', () => {
  it('changes the sign-in e-mail: the new one signs in, the old one no longer, both are told', async () => {
    const oldEmail = uniqueEmail('cu');
    const newEmail = uniqueEmail('moi');
    const id = await createTestUser(oldEmail, PASSWORD);

    const { data, error } = await admin.rpc('admin_set_profile_email', { p_id: id, p_email: newEmail.toUpperCase(), p_expected_updated_at: await version(id) });
    expect(error).toBeNull();
    expect(data).toBe(await version(id));

    const signedIn = await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(id);
    expect(signedIn.data.user?.email).toBe(newEmail);
    const old = await anonClient().auth.signInWithPassword({ email: oldEmail, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');

    const rows = await sql<{ profile: string; identity: string }>(
      `select p.email as profile, i.identity_data ->> 'email' as identity
         from public.profiles p join auth.identities i on i.user_id = p.id and i.provider = 'email' where p.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ profile: newEmail, identity: newEmail }]);

    // The stack's mailer sends the outbox's notices within a sweep (about a second).
    await expect.poll(async () => (await mailsTo(oldEmail)).map((mail) => mail.Subject), { timeout: 10_000 }).toEqual([
      'E-mail đăng nhập Sàn Dịch Vụ của bạn đã được đổi',
    ]);
    await expect.poll(async () => (await mailsTo(newEmail)).map((mail) => mail.Subject), { timeout: 10_000 }).toEqual([
      'Địa chỉ này là e-mail đăng nhập mới của bạn tại Sàn Dịch Vụ',
    ]);
    const [outbox] = await sql<{ unsent: number }>('select count(*)::int as unsent from private.email_outbox where profile_id = $1 and sent_at is null', [id]);
    expect(outbox).toEqual({ unsent: 0 });
  });

  it('refuses a customer\'s crafted call, another account\'s address and a stale version', async () => {
    const email = uniqueEmail('nan-nhan');
    const id = await createTestUser(email, PASSWORD);
    const attackerEmail = uniqueEmail('ke-gian');
    await createTestUser(attackerEmail, PASSWORD);
    const attacker = await signedInClient(attackerEmail, PASSWORD);

    const crafted = await attacker.rpc('admin_set_profile_email', { p_id: id, p_email: uniqueEmail('chiem'), p_expected_updated_at: await version(id) });
    expect(crafted.error?.code).toBe('42501');

    const taken = await admin.rpc('admin_set_profile_email', { p_id: id, p_email: attackerEmail, p_expected_updated_at: await version(id) });
    expect(taken.error?.code).toBe('23505');
    expect(taken.error?.message).toContain('profiles_email_taken');

    const stale = await admin.rpc('admin_set_profile_email', { p_id: id, p_email: uniqueEmail('cu-qua'), p_expected_updated_at: '2000-01-01T00:00:00Z' });
    expect(stale.error).toBeNull();
    expect(stale.data).toBeNull();

    const [row] = await sql<{ email: string }>('select email from auth.users where id = $1', [id]);
    expect(row).toEqual({ email });
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});
