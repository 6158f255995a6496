// The marketplace through supabase-js as its users would drive it (docs/marketplace.md): a provider
// tops up its deposit and an admin completes it; a customer books with a promotion code, providers
// queue, the customer chooses, the provider reports, the customer confirms, the commission follows,
// the customer reviews once; a cancellation returns the code's use; refusals come back as
// P0001 + a stable hint + the Vietnamese sentence; concurrent customers and providers are decided by
// the database.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DEMO_ACCOUNTS, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'ChoThue@2026';

interface Booking {
  id: string;
  status: string;
  customer_id: string;
  provider_id: string | null;
  original_price: number;
  discount_amount: number | null;
  discount_code: string | null;
  final_price: number;
  completion_reported_at: string | null;
}

async function newUser(role: 'customer' | 'provider'): Promise<{ id: string; client: SupabaseClient }> {
  const email = uniqueEmail(role === 'provider' ? 'mkt-tho' : 'mkt-khach');
  const id = await createTestUser(email, PASSWORD, role === 'provider' ? { role: 'provider' } : {});
  return { id, client: await signedInClient(email, PASSWORD) };
}

function expectRefusal(error: PostgrestError | null, hint: string, message?: string): void {
  expect(error, `expected the refusal ${hint}`).not.toBeNull();
  expect(error?.code).toBe('P0001');
  expect(error?.hint).toBe(hint);
  if (message !== undefined) expect(error?.message).toBe(message);
}

const inTwoDays = (): string => new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();

let admin: SupabaseClient;
let item: { id: string; price: number; subcategory_id: string };

/** An admin-made promotion code on the package's service. */
async function makeCode(prefix: string, maxUses: number, fixedAmount: number): Promise<string> {
  const code = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const { data, error } = await admin
    .from('discount_codes')
    .insert({ code, discount_type: 'fixed_amount', discount_value: fixedAmount, max_uses: maxUses, expires_at: inTwoDays() })
    .select('id')
    .single();
  expect(error).toBeNull();
  const link = await admin.from('discount_code_services').insert({ discount_code_id: data!.id, subcategory_id: item.subcategory_id });
  expect(link.error).toBeNull();
  return code;
}

async function usesOf(code: string): Promise<number> {
  const { data, error } = await admin.from('discount_codes').select('uses_count').eq('code', code).single();
  expect(error).toBeNull();
  return data!.uses_count as number;
}

/** An active provider of the package's service with the minimum deposit (through the admin's own writes). */
async function workingProvider(): Promise<{ id: string; client: SupabaseClient }> {
  const provider = await newUser('provider');
  expect((await admin.from('provider_service_types').insert({ provider_id: provider.id, subcategory_id: item.subcategory_id })).error).toBeNull();
  // Approved first: a completed deposit activates an inactive provider, never one awaiting approval.
  expect((await admin.from('profiles').update({ status: 'inactive' }).eq('id', provider.id)).error).toBeNull();
  expect((await admin.from('deposit_history').insert({ provider_id: provider.id, amount: 500000, status: 'completed' })).error).toBeNull();
  return provider;
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  // A visible package (the public catalogue, as a customer's app would read it).
  const { data, error } = await admin
    .from('service_items')
    .select('id, price, subcategory_id, subcategories!inner(active)')
    .eq('active', true)
    .eq('subcategories.active', true)
    .order('price')
    .limit(1)
    .single();
  expect(error).toBeNull();
  item = { id: data!.id as string, price: data!.price as number, subcategory_id: data!.subcategory_id as string };
});

describe('marketplace lifecycle through supabase-js', () => {
  it('top-up → admin completes → credited, still pending approval → admin approves → active; book with a code → queue → choose → report → confirm → commission → review', async () => {
    const [settings] = await sql<{ min: string }>("select min_deposit_amount::text as min from public.settings where id = 'app'");
    const minimum = Number(settings!.min);
    expect(minimum).toBeGreaterThan(0);

    // The provider: new (pending approval), offers the service, asks for a top-up.
    const p = await newUser('provider');
    expect((await admin.from('provider_service_types').insert({ provider_id: p.id, subcategory_id: item.subcategory_id })).error).toBeNull();
    const early = await p.client.rpc('list_open_bookings', { p_limit: 5 });
    expect(early.error).toBeNull();
    const topUp = await p.client.rpc('request_deposit', { p_amount: minimum, p_note: 'Chuyển khoản' }).single<{ id: string; status: string; amount: number }>();
    expect(topUp.error).toBeNull();
    expect(topUp.data).toMatchObject({ status: 'pending', amount: minimum });
    const own = await p.client.from('deposit_history').select('id, status').eq('provider_id', p.id);
    expect(own.data).toEqual([{ id: topUp.data!.id, status: 'pending' }]);

    // A customer books with a code on that service.
    const a = await newUser('customer');
    const code = await makeCode('MKT', 5, 30000);
    const booked = await a.client
      .rpc('create_booking', {
        p_service_item_id: item.id,
        p_scheduled_at: inTwoDays(),
        p_address: '12 Lê Lợi, Quận 1',
        p_note: 'Gọi trước 15 phút',
        p_payment_method: 'bank_transfer',
        p_discount_code: code.toLowerCase(),
      })
      .single<Booking>();
    expect(booked.error).toBeNull();
    const booking = booked.data!;
    expect(booking).toMatchObject({ status: 'pending', customer_id: a.id, provider_id: null, original_price: item.price, discount_code: code });
    expect(booking.discount_amount).toBe(Math.min(30000, item.price));
    expect(booking.final_price).toBe(item.price - Math.min(30000, item.price));
    expect(await usesOf(code)).toBe(1);

    // Before the admin completes the top-up, the provider may not queue.
    expectRefusal((await p.client.rpc('join_booking_queue', { p_booking_id: booking.id })).error, 'provider_not_active');
    expect((await admin.from('deposit_history').update({ status: 'completed' }).eq('id', topUp.data!.id)).error).toBeNull();
    // The deposit is credited but never skips approval (docs/product.md#deposits-and-balances): the admin approves.
    const credited = await p.client.from('profiles').select('deposit, status').eq('id', p.id).single();
    expect(credited.data).toEqual({ deposit: minimum, status: 'pending_approval' });
    expectRefusal((await p.client.rpc('join_booking_queue', { p_booking_id: booking.id })).error, 'provider_not_active');
    expect((await admin.from('profiles').update({ status: 'active' }).eq('id', p.id)).error).toBeNull();
    const profile = await p.client.from('profiles').select('deposit, status').eq('id', p.id).single();
    expect(profile.data).toEqual({ deposit: minimum, status: 'active' });

    // The provider sees the booking among the open ones, without the customer's contact.
    const open = await p.client.rpc('list_open_bookings', { p_limit: 100 });
    expect(open.error).toBeNull();
    const listed = (open.data as Record<string, unknown>[]).find((row) => row.id === booking.id);
    expect(listed).toBeDefined();
    expect(Object.keys(listed!)).not.toContain('customer_phone');
    expect(Object.keys(listed!)).not.toContain('customer_email');
    expect(listed).toMatchObject({ in_queue: false, queue_size: 0, address: '12 Lê Lợi, Quận 1' });
    // … and cannot read the booking row itself yet.
    expect((await p.client.from('bookings').select('id').eq('id', booking.id)).data).toEqual([]);

    const joined = await p.client.rpc('join_booking_queue', { p_booking_id: booking.id });
    expect(joined).toMatchObject({ error: null, data: 1 });
    const q = await workingProvider();
    expect((await q.client.rpc('join_booking_queue', { p_booking_id: booking.id })).data).toBe(2);

    const queue = await a.client.rpc('list_booking_queue', { p_booking_id: booking.id });
    expect(queue.error).toBeNull();
    expect((queue.data as { provider_id: string }[]).map((row) => row.provider_id)).toEqual([p.id, q.id]);

    const chosen = await a.client.rpc('choose_provider', { p_booking_id: booking.id, p_provider_id: p.id }).single<Booking>();
    expect(chosen.data).toMatchObject({ status: 'confirmed', provider_id: p.id });
    // The chosen provider now reads the booking; the other one still cannot.
    expect((await p.client.from('bookings').select('id, customer_name').eq('id', booking.id)).data).toHaveLength(1);
    expect((await q.client.from('bookings').select('id').eq('id', booking.id)).data).toEqual([]);
    expectRefusal((await q.client.rpc('report_completion', { p_booking_id: booking.id })).error, 'booking_not_found', 'Không tìm thấy đơn đặt lịch');
    // The customer cannot skip the provider's report.
    expectRefusal(
      (await a.client.rpc('confirm_completion', { p_booking_id: booking.id })).error,
      'booking_invalid_transition',
      'Không thể xác nhận hoàn thành khi đơn đang ở trạng thái "Đã xác nhận"',
    );

    const reported = await p.client.rpc('report_completion', { p_booking_id: booking.id }).single<Booking>();
    expect(reported.data?.status).toBe('pending_completion');
    expect(reported.data?.completion_reported_at).not.toBeNull();
    const done = await a.client.rpc('confirm_completion', { p_booking_id: booking.id }).single<Booking>();
    expect(done.data?.status).toBe('completed');

    // The commission row and the provider's earnings.
    const commission = await p.client.from('commissions').select('service_price, final_price, platform_fee, provider_amount, commission_rate').eq('booking_id', booking.id).single();
    expect(commission.error).toBeNull();
    const fee = Math.round((item.price * Number(commission.data!.commission_rate)) / 100);
    expect(commission.data).toMatchObject({ service_price: item.price, final_price: booking.final_price, platform_fee: fee, provider_amount: item.price - fee });
    expect((await p.client.from('profiles').select('total_earnings').eq('id', p.id).single()).data).toEqual({ total_earnings: item.price - fee });

    const review = await a.client.rpc('create_review', { p_booking_id: booking.id, p_rating: 5, p_comment: 'Làm nhanh, sạch sẽ' }).single<{ rating: number; status: string; provider_id: string }>();
    expect(review.data).toMatchObject({ rating: 5, status: 'active', provider_id: p.id });
    expectRefusal((await a.client.rpc('create_review', { p_booking_id: booking.id, p_rating: 1 })).error, 'already_reviewed', 'Đơn này đã được đánh giá');
    expect((await admin.from('reviews').select('id').eq('booking_id', booking.id)).data).toHaveLength(1);
  });

  it('cancelling a confirmed booking gives the promotion code its use back, once', async () => {
    const customer = await newUser('customer');
    const provider = await workingProvider();
    const code = await makeCode('HUY', 2, 10000);
    const booked = await customer.client
      .rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: '3 Hai Bà Trưng', p_discount_code: code })
      .single<Booking>();
    expect(booked.error).toBeNull();
    expect(await usesOf(code)).toBe(1);
    expect((await provider.client.rpc('join_booking_queue', { p_booking_id: booked.data!.id })).error).toBeNull();
    expect((await customer.client.rpc('choose_provider', { p_booking_id: booked.data!.id, p_provider_id: provider.id })).error).toBeNull();

    const cancelled = await customer.client.rpc('cancel_booking', { p_booking_id: booked.data!.id }).single<Booking>();
    expect(cancelled.data?.status).toBe('cancelled');
    expect(await usesOf(code)).toBe(0);
    expectRefusal((await customer.client.rpc('cancel_booking', { p_booking_id: booked.data!.id })).error, 'booking_invalid_transition');
    expect(await usesOf(code)).toBe(0);
    // The provider can no longer report it.
    expectRefusal((await provider.client.rpc('report_completion', { p_booking_id: booked.data!.id })).error, 'booking_invalid_transition');
  });

  it('refusals carry P0001, a stable hint and the Vietnamese sentence; direct writes stay refused', async () => {
    const customer = await newUser('customer');
    const provider = await workingProvider();
    const past = await customer.client.rpc('create_booking', {
      p_service_item_id: item.id,
      p_scheduled_at: new Date(Date.now() - 60_000).toISOString(),
      p_address: '1 Lê Lợi',
    });
    expectRefusal(past.error, 'schedule_not_future', 'Thời gian hẹn phải ở tương lai');
    expectRefusal(
      (await customer.client.rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: '1 Lê Lợi', p_discount_code: 'KHONGCO' })).error,
      'promo_not_found',
      'Mã giảm giá không tồn tại',
    );
    expectRefusal((await provider.client.rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: 'x' })).error, 'not_customer');
    expectRefusal((await customer.client.rpc('request_deposit', { p_amount: 100000 })).error, 'not_provider');
    expect((await sql('select 1 from public.bookings where customer_id = $1', [customer.id])).length).toBe(0);

    const booked = await customer.client.rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: '8 Pasteur' }).single<Booking>();
    // Straight to completed through the table: RLS matches no row.
    const direct = await customer.client.from('bookings').update({ status: 'completed' }).eq('id', booked.data!.id).select('id');
    expect(direct.data).toEqual([]);
    const forged = await provider.client.from('deposit_history').insert({ provider_id: provider.id, amount: 9_000_000, status: 'completed' });
    expect(forged.error?.code).toBe('42501');
    const selfReview = await customer.client.from('reviews').insert({ booking_id: booked.data!.id, rating: 5 });
    expect(selfReview.error?.code).toBe('42501');
    const [row] = await sql<{ status: string }>('select status from public.bookings where id = $1', [booked.data!.id]);
    expect(row?.status).toBe('pending');
  });
});

describe('races decided by the database', () => {
  it('eight customers race for the last use of a code: exactly one gets it, the others a clear message and no booking', async () => {
    const code = await makeCode('CUOI', 1, 20000);
    const customers = await Promise.all(Array.from({ length: 8 }, () => newUser('customer')));
    const results = await Promise.all(
      customers.map((c) =>
        c.client.rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: '5 Nguyễn Huệ', p_discount_code: code }),
      ),
    );
    const winners = results.filter((r) => r.error === null);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.error !== null)) expectRefusal(loser.error, 'promo_used_up', 'Mã giảm giá đã hết lượt sử dụng');
    expect(await usesOf(code)).toBe(1);
    const [count] = await sql<{ n: number }>('select count(*)::int as n from public.bookings where discount_code = $1', [code]);
    expect(count?.n).toBe(1);
    const ids = customers.map((c) => c.id);
    const [all] = await sql<{ n: number }>('select count(*)::int as n from public.bookings where customer_id = any($1::uuid[])', [ids]);
    expect(all?.n).toBe(1);
  });

  it('providers joining one queue at once are all kept once; a double tap joins once', async () => {
    const customer = await newUser('customer');
    const booked = await customer.client.rpc('create_booking', { p_service_item_id: item.id, p_scheduled_at: inTwoDays(), p_address: '9 Lý Tự Trọng' }).single<Booking>();
    const providers = await Promise.all(Array.from({ length: 5 }, () => workingProvider()));
    const joins = await Promise.all([
      ...providers.map((p) => p.client.rpc('join_booking_queue', { p_booking_id: booked.data!.id })),
      providers[0]!.client.rpc('join_booking_queue', { p_booking_id: booked.data!.id }),
    ]);
    const refused = joins.filter((j) => j.error !== null);
    expect(refused).toHaveLength(1);
    expectRefusal(refused[0]!.error, 'already_in_queue');
    expect(joins.filter((j) => j.error === null).map((j) => j.data as number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    const [row] = await sql<{ queue: string[] }>('select provider_queue::text[] as queue from public.bookings where id = $1', [booked.data!.id]);
    expect([...row!.queue].sort()).toEqual(providers.map((p) => p.id).sort());
  });
});
