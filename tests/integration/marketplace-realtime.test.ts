// The back office sees the marketplace as it happens (docs/marketplace.md#live-back-office): an
// admin subscribed like src/app/live-updates.tsx receives the booking a customer creates, the
// queue change a provider makes, the pending top-up it requests; another customer subscribed to
// bookings receives nothing of it (RLS decides delivery).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestUser, DEMO_ACCOUNTS, signedInClient, sql, uniqueEmail } from './helpers.ts';
import { subscribed } from './realtime-helpers.ts';

interface Event {
  table: string;
  eventType: string;
  new: Record<string, unknown>;
}

const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];

async function subscribe(client: SupabaseClient, tables: string[], events: Event[]): Promise<void> {
  let channel = client.channel(`mkt-live-${channels.length}-${Date.now()}`);
  for (const table of tables) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
      events.push({ table: payload.table, eventType: payload.eventType, new: payload.new as Record<string, unknown> });
    });
  }
  channels.push({ client, channel });
  await subscribed(channel);
}

async function waitFor(condition: () => boolean, label: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 8000) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function newUser(prefix: string, appMetadata: Record<string, unknown> = {}): Promise<{ id: string; client: SupabaseClient }> {
  const email = uniqueEmail(prefix);
  const id = await createTestUser(email, 'ThoiGianThuc@1', appMetadata);
  return { id, client: await signedInClient(email, 'ThoiGianThuc@1') };
}

afterAll(async () => {
  for (const { client, channel } of channels) await client.removeChannel(channel);
});

describe('the back office follows the marketplace live', () => {
  it('an admin receives new bookings, queue changes and pending top-ups; another customer receives none', async () => {
    const admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const customer = await newUser('rt-khach');
    const other = await newUser('rt-khac');
    const provider = await newUser('rt-tho', { role: 'provider' });
    const [item] = await sql<{ id: string; subcategory_id: string }>(
      'select si.id, si.subcategory_id from public.service_items si join public.subcategories s on s.id = si.subcategory_id where si.active and s.active order by si.price limit 1',
    );
    await sql("update public.profiles set status = 'active', deposit = 10000000 where id = $1", [provider.id]);
    await sql('insert into public.provider_service_types (provider_id, subcategory_id) values ($1, $2)', [provider.id, item!.subcategory_id]);

    const seen: Event[] = [];
    const otherSeen: Event[] = [];
    await subscribe(admin, ['bookings', 'deposit_history', 'reviews', 'commissions', 'discount_codes'], seen);
    await subscribe(other.client, ['bookings'], otherSeen);

    const booked = await customer.client
      .rpc('create_booking', { p_service_item_id: item!.id, p_scheduled_at: new Date(Date.now() + 86_400_000).toISOString(), p_address: '1 Đồng Khởi' })
      .single<{ id: string }>();
    expect(booked.error).toBeNull();
    const bookingId = booked.data!.id;
    await waitFor(() => seen.some((e) => e.table === 'bookings' && e.eventType === 'INSERT' && e.new.id === bookingId), 'the new booking');

    expect((await provider.client.rpc('join_booking_queue', { p_booking_id: bookingId })).error).toBeNull();
    await waitFor(
      () => seen.some((e) => e.table === 'bookings' && e.eventType === 'UPDATE' && Array.isArray(e.new.provider_queue) && e.new.provider_queue.includes(provider.id)),
      'the queue change',
    );

    const topUp = await provider.client.rpc('request_deposit', { p_amount: 250000 }).single<{ id: string }>();
    expect(topUp.error).toBeNull();
    await waitFor(() => seen.some((e) => e.table === 'deposit_history' && e.new.id === topUp.data!.id && e.new.status === 'pending'), 'the pending top-up');

    // The other customer's socket has received every earlier frame once a heartbeat answers.
    await new Promise<void>((resolve) => {
      other.client.realtime.onHeartbeat((status) => {
        if (status === 'ok') resolve();
      });
      void other.client.realtime.sendHeartbeat();
    });
    expect(otherSeen.filter((e) => e.new.id === bookingId)).toEqual([]);
  });
});
