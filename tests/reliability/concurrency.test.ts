// Several admins changing the same rows at the same moment, through the API (distinct signed-in
// admin sessions, requests in flight together) and with a direct connection holding the row lock
// so that the interleaving is forced rather than hoped for. The requests have the very shape the
// screens send (src/features/*/api): PATCH … ?id=eq.X&updated_at=eq.<seen>&select=…, where a
// match of 0 rows is the conflict the screen reports (DepositConflictError, booking conflict).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings as bookingMessages } from '../../src/lib/messages/bookings.ts';
import { deposits as depositMessages } from '../../src/lib/messages/deposits.ts';
import { adminSessions, createProvider, directClient, prng, sql, waitForLockWaiters, type AdminSession } from './helpers.ts';

let admins: AdminSession[];

beforeAll(async () => {
  admins = await adminSessions(6);
});

const admin = (i: number): SupabaseClient => admins[i % admins.length]!.client;

interface DepositRow {
  id: string;
  status: string;
  amount: number;
  old_balance: number | null;
  new_balance: number | null;
  updated_at: string;
}

async function insertDeposit(providerId: string, amount: number, status: 'pending' | 'completed'): Promise<DepositRow> {
  const [row] = await sql<DepositRow>(
    `insert into public.deposit_history (provider_id, amount, status) values ($1, $2, $3)
     returning id, status, amount::float8 as amount, old_balance::float8 as old_balance, new_balance::float8 as new_balance,
               to_json(updated_at)#>>'{}' as updated_at`,
    [providerId, amount, status],
  );
  return row!;
}

async function balanceOf(providerId: string): Promise<number> {
  const [row] = await sql<{ deposit: number }>('select deposit::float8 as deposit from public.profiles where id = $1', [providerId]);
  return row!.deposit;
}

async function depositRow(id: string): Promise<DepositRow> {
  const [row] = await sql<DepositRow>(
    `select id, status, amount::float8 as amount, old_balance::float8 as old_balance, new_balance::float8 as new_balance,
            to_json(updated_at)#>>'{}' as updated_at from public.deposit_history where id = $1`,
    [id],
  );
  return row!;
}

/** The deposits screen's inline update (deposit-update-mutation.ts): matched rows, [] on a conflict. */
async function patchDeposit(client: SupabaseClient, row: Pick<DepositRow, 'id' | 'updated_at'>, patch: Record<string, unknown>, occ = true) {
  let query = client.from('deposit_history').update(patch).eq('id', row.id);
  if (occ) query = query.eq('updated_at', row.updated_at);
  const { data, error, status } = await query.select('id, status');
  if (error) throw new Error(`PATCH deposit_history failed: ${status} ${error.code} ${error.message}`);
  return data;
}

/**
 * Holds the row lock of `table`.`id` on a direct connection while `start()` launches requests
 * that queue behind it one after the other (each waits until the previous is on the lock queue),
 * then lets them go in that order. `between` runs while the lock is held (another change).
 */
async function interleave<T>(table: string, id: string, starters: (() => Promise<T>)[], between?: string): Promise<PromiseSettledResult<T>[]> {
  const holder = await directClient();
  try {
    await holder.query('begin');
    await holder.query(`select 1 from public.${table} where id = $1 for update`, [id]);
    if (between) await holder.query(between, [id]);
    const pending: Promise<T>[] = [];
    for (const [index, start] of starters.entries()) {
      pending.push(start());
      await waitForLockWaiters(index + 1);
    }
    await holder.query('commit');
    return await Promise.allSettled(pending);
  } finally {
    await holder.end();
  }
}

const fulfilled = <T>(result: PromiseSettledResult<T>): T => {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
};

describe('two admins change one deposit at the same moment', () => {
  it('pending → completed from two sessions at once: applied once, the other sees the conflict', async () => {
    const provider = await createProvider(100_000);
    const row = await insertDeposit(provider, 500_000, 'pending');
    const [a, b] = await Promise.all([
      patchDeposit(admin(0), row, { status: 'completed' }),
      patchDeposit(admin(1), row, { status: 'completed' }),
    ]);
    expect([a.length, b.length].sort()).toEqual([0, 1]);
    expect(await balanceOf(provider)).toBe(600_000);
    expect(await depositRow(row.id)).toMatchObject({ status: 'completed', old_balance: 100_000, new_balance: 600_000 });
    // What the loser's screen says (DepositConflictError → toast).
    expect(depositMessages.conflict).toMatch(/vừa được người khác thay đổi/);
  });

  it('pending → completed twice with the second queued on the row lock: the second matches nothing', async () => {
    const provider = await createProvider(0);
    const row = await insertDeposit(provider, 250_000, 'pending');
    const results = await interleave('deposit_history', row.id, [
      () => patchDeposit(admin(0), row, { status: 'completed' }),
      () => patchDeposit(admin(1), row, { status: 'completed' }),
    ]);
    expect(results.map((r) => fulfilled(r).length)).toEqual([1, 0]);
    expect(await balanceOf(provider)).toBe(250_000);
    expect(await depositRow(row.id)).toMatchObject({ status: 'completed', old_balance: 0, new_balance: 250_000 });
  });

  it('without the updated_at check (last write wins) the balance still moves only once', async () => {
    const provider = await createProvider(40_000);
    const row = await insertDeposit(provider, 60_000, 'pending');
    const results = await interleave('deposit_history', row.id, [
      () => patchDeposit(admin(0), row, { status: 'completed' }, false),
      () => patchDeposit(admin(1), row, { status: 'completed' }, false),
    ]);
    expect(results.map((r) => fulfilled(r).length)).toEqual([1, 1]);
    expect(await balanceOf(provider)).toBe(100_000);
    expect(await depositRow(row.id)).toMatchObject({ old_balance: 40_000, new_balance: 100_000 });
  });

  for (const order of ['cancel first', 'amount first'] as const) {
    it(`completed → canceled while another admin edits the amount (${order})`, async () => {
      const provider = await createProvider(1_000_000);
      const row = await insertDeposit(provider, 300_000, 'completed');
      expect(await balanceOf(provider)).toBe(1_300_000);
      const cancel = () => patchDeposit(admin(2), row, { status: 'canceled' });
      const amount = () => patchDeposit(admin(3), row, { amount: 450_000 });
      const results = await interleave('deposit_history', row.id, order === 'cancel first' ? [cancel, amount] : [amount, cancel]);
      expect(results.map((r) => fulfilled(r).length)).toEqual([1, 0]);
      const final = await depositRow(row.id);
      if (order === 'cancel first') {
        // Serial order: cancel (balance − 300 000); the amount edit is refused as a conflict.
        expect(final).toMatchObject({ status: 'canceled', amount: 300_000, old_balance: 1_300_000, new_balance: 1_000_000 });
        expect(await balanceOf(provider)).toBe(1_000_000);
      } else {
        // Serial order: amount 300 000 → 450 000 on a completed row (+150 000); the cancel is refused.
        expect(final).toMatchObject({ status: 'completed', amount: 450_000, old_balance: 1_300_000, new_balance: 1_450_000 });
        expect(await balanceOf(provider)).toBe(1_450_000);
      }
    });
  }

  it('a change committed by someone else while both requests wait: both are refused, nothing is overwritten', async () => {
    const provider = await createProvider(0);
    const row = await insertDeposit(provider, 80_000, 'pending');
    const results = await interleave(
      'deposit_history',
      row.id,
      [() => patchDeposit(admin(4), row, { status: 'completed' }), () => patchDeposit(admin(5), row, { amount: 1 })],
      "update public.deposit_history set status = 'canceled' where id = $1",
    );
    expect(results.map((r) => fulfilled(r).length)).toEqual([0, 0]);
    expect(await depositRow(row.id)).toMatchObject({ status: 'canceled', amount: 80_000 });
    expect(await balanceOf(provider)).toBe(0);
  });

  it('a storm of status and amount edits from six admins leaves balance = start + Σ completed amounts', async () => {
    const start = 5_000_000;
    const provider = await createProvider(start);
    const rows = await Promise.all([100_000, 200_000, 300_000, 400_000, 500_000].map((amount) => insertDeposit(provider, amount, 'pending')));
    const random = prng(7);
    const statuses = ['pending', 'completed', 'canceled'] as const;
    let applied = 0;
    let conflicts = 0;
    for (let round = 0; round < 8; round += 1) {
      // Every admin acts on what it last read (some reads are stale by the time the write lands).
      const seen = await Promise.all(rows.map((r) => depositRow(r.id)));
      const writes = admins.map((_, i) => {
        const target = seen[Math.floor(random() * seen.length)]!;
        const patch = random() < 0.7 ? { status: statuses[Math.floor(random() * 3)]! } : { amount: 50_000 * (1 + Math.floor(random() * 10)) };
        return patchDeposit(admin(i), target, patch, random() < 0.8);
      });
      for (const data of await Promise.all(writes)) {
        if (data.length === 1) applied += 1;
        else conflicts += 1;
      }
    }
    expect(applied).toBeGreaterThan(0);
    const final = await Promise.all(rows.map((r) => depositRow(r.id)));
    const completed = final.filter((r) => r.status === 'completed').reduce((sum, r) => sum + r.amount, 0);
    expect(await balanceOf(provider)).toBe(start + completed);
    // Each row's last balance change moved the balance by at most its own amount.
    for (const r of final) {
      if (r.old_balance === null || r.new_balance === null) continue;
      expect(Math.abs(r.new_balance - r.old_balance)).toBeLessThanOrEqual(500_000);
    }
    console.log(`[concurrency] deposit storm: ${applied} applied, ${conflicts} refused as conflicts`);
  });
});

interface BookingRow {
  id: string;
  status: string;
  updated_at: string;
}

async function insertBooking(providerId: string, status = 'confirmed'): Promise<BookingRow> {
  const [row] = await sql<BookingRow>(
    `insert into public.bookings (customer_name, subcategory_id, service_name, original_price, final_price, provider_id, status)
     select 'Khách thử đồng thời', s.id, s.name, 400000, 400000, $1, $2 from public.subcategories s order by s.sort_order limit 1
     returning id, status, to_json(updated_at)#>>'{}' as updated_at`,
    [providerId, status],
  );
  return row!;
}

/** The booking detail screen's status change (update-booking-status.ts). */
async function patchBooking(client: SupabaseClient, row: BookingRow, status: string, occ = true) {
  let query = client.from('bookings').update({ status }).eq('id', row.id);
  if (occ) query = query.eq('updated_at', row.updated_at);
  const { data, error, status: http } = await query.select('id, status, updated_at');
  if (error) throw new Error(`PATCH bookings failed: ${http} ${error.code} ${error.message}`);
  return data;
}

async function bookingTotals(bookingId: string, providerId: string) {
  const [row] = await sql<{ status: string; commissions: number; earnings: number; expected: number }>(
    `select b.status,
            (select count(*)::int from public.commissions c where c.booking_id = b.id) as commissions,
            p.total_earnings::float8 as earnings,
            (select coalesce(sum(c.provider_amount), 0)::float8 from public.commissions c where c.provider_id = p.id) as expected
       from public.bookings b join public.profiles p on p.id = $2 where b.id = $1`,
    [bookingId, providerId],
  );
  return row!;
}

describe('two admins complete / un-complete one booking', () => {
  it('completed by two sessions at once: one commission row, the other admin sees the conflict', async () => {
    const provider = await createProvider();
    const booking = await insertBooking(provider);
    const results = await Promise.all([patchBooking(admin(0), booking, 'completed'), patchBooking(admin(1), booking, 'completed')]);
    expect(results.map((r) => r.length).sort()).toEqual([0, 1]);
    const totals = await bookingTotals(booking.id, provider);
    expect(totals).toMatchObject({ status: 'completed', commissions: 1 });
    expect(totals.earnings).toBe(totals.expected);
    expect(totals.earnings).toBeGreaterThan(0);
    expect(bookingMessages.detail.conflict).toMatch(/vừa được người khác cập nhật/);
  });

  it('completed and un-completed at once, queued on the row lock: the second is refused', async () => {
    const provider = await createProvider();
    const booking = await insertBooking(provider, 'completed');
    const results = await interleave('bookings', booking.id, [
      () => patchBooking(admin(2), booking, 'confirmed'),
      () => patchBooking(admin(3), booking, 'cancelled'),
    ]);
    expect(results.map((r) => fulfilled(r).length)).toEqual([1, 0]);
    const totals = await bookingTotals(booking.id, provider);
    expect(totals).toMatchObject({ status: 'confirmed', commissions: 0, earnings: 0, expected: 0 });
  });

  it('a complete / un-complete storm (with and without the check) keeps at most one commission and consistent totals', async () => {
    const provider = await createProvider();
    const bookings = await Promise.all([1, 2, 3].map(() => insertBooking(provider)));
    const random = prng(11);
    const choices = ['completed', 'confirmed', 'completed', 'pending_completion', 'cancelled'];
    for (let round = 0; round < 10; round += 1) {
      const seen = await sql<BookingRow>(
        "select id, status, to_json(updated_at)#>>'{}' as updated_at from public.bookings where id = any($1::uuid[])",
        [bookings.map((b) => b.id)],
      );
      await Promise.all(
        admins.map((_, i) => patchBooking(admin(i), seen[Math.floor(random() * seen.length)]!, choices[Math.floor(random() * choices.length)]!, random() < 0.5)),
      );
    }
    for (const booking of bookings) {
      const totals = await bookingTotals(booking.id, provider);
      expect(totals.commissions).toBe(totals.status === 'completed' ? 1 : 0);
      expect(totals.earnings).toBe(totals.expected);
    }
  });
});

describe('two admins edit one promotion code at once', () => {
  let codeId: string;
  let services: string[];

  beforeAll(async () => {
    const [code] = await sql<{ id: string }>(
      "insert into public.discount_codes (code, discount_type, discount_value, max_uses, expires_at) values ('DONGTHOI' || floor(random() * 1e6)::text, 'percentage', 10, 100, now() + interval '30 days') returning id",
    );
    codeId = code!.id;
    services = (await sql<{ id: string }>('select id from public.subcategories where active order by sort_order limit 4')).map((r) => r.id);
    expect(services.length).toBeGreaterThanOrEqual(2);
  });

  const applicable = async (): Promise<string[]> =>
    (await sql<{ id: string }>('select subcategory_id as id from public.discount_code_services where discount_code_id = $1 order by 1', [codeId])).map(
      (r) => r.id,
    );
  const toggle = (client: SupabaseClient, serviceId: string, applies: boolean) =>
    applies
      ? client.from('discount_code_services').insert({ discount_code_id: codeId, subcategory_id: serviceId })
      : client.from('discount_code_services').delete().eq('discount_code_id', codeId).eq('subcategory_id', serviceId);

  it('the same service switched on by two admins: one row, the other gets a clear refusal (409)', async () => {
    const [a, b] = await Promise.all([toggle(admin(0), services[0]!, true), toggle(admin(1), services[0]!, true)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.error ?? b.error)?.code).toBe('23505');
    expect(await applicable()).toEqual([services[0]]);
  });

  it('"select all" while another admin switches one service off: the result is one of the two serial orders', async () => {
    const holder = await directClient();
    try {
      // Forced: select-all waits for the code row (its FOR UPDATE) while the switch-off (a plain
      // DELETE of one link row, no lock on the code) lands first; then select-all runs.
      await holder.query('begin');
      await holder.query('select 1 from public.discount_codes where id = $1 for update', [codeId]);
      const selectAll = admin(2).rpc('admin_set_all_discount_code_services', { p_discount_code_id: codeId, p_select: true });
      const selectAllDone = Promise.resolve(selectAll);
      await waitForLockWaiters(1);
      const off = Promise.resolve(toggle(admin(3), services[0]!, false));
      await holder.query('commit');
      const [all, removed] = await Promise.all([selectAllDone, off]);
      expect(all.error).toBeNull();
      expect(removed.error).toBeNull();
      const now = await applicable();
      const everyActive = (await sql<{ id: string }>('select id from public.subcategories where active order by 1')).map((r) => r.id);
      const withoutFirst = everyActive.filter((id) => id !== services[0]);
      expect([JSON.stringify(everyActive), JSON.stringify(withoutFirst)]).toContain(JSON.stringify(now));
    } finally {
      await holder.end();
    }
  });

  it('"deselect all" and switch-ons racing from four admins end in a state some serial order gives', async () => {
    const ops = [
      () => admin(0).rpc('admin_set_all_discount_code_services', { p_discount_code_id: codeId, p_select: false }),
      () => toggle(admin(1), services[1]!, true),
      () => toggle(admin(2), services[2]!, true),
      () => toggle(admin(3), services[1]!, false),
    ];
    const results = await Promise.all(ops.map((op) => Promise.resolve(op())));
    for (const result of results) {
      // Only the unique-key refusal is an acceptable failure (the row was already there).
      if (result.error) expect(result.error.code).toBe('23505');
    }
    const final = new Set(await applicable());
    // Every final state contains only services that some op switched on, and never a row the
    // deselect-all removed unless a switch-on followed it.
    for (const id of final) expect([services[1], services[2]]).toContain(id);
  });
});
