// The marketplace under a crowd (docs/marketplace.md#simulation): 50 simulated users (38 customers,
// 12 providers, plus the back office completing top-ups) for 60 s through scripts/simulate.ts, then
// the books must balance: no promotion use lost or counted twice, one commission per completed
// booking, providers' earnings and balances equal to their ledgers, statuses as the deposit rules
// say, and the run's own tally equal to what the database holds.
import { describe, expect, it } from 'vitest';
import { runSimulation, type SimulationSummary } from '../../scripts/simulate.ts';
import { anonKey, apiUrl, serviceRoleKey, sql } from './helpers.ts';

const SECONDS = Number(process.env.MKT_SECONDS ?? 60);
const CUSTOMERS = 38;
const PROVIDERS = 12;

describe('marketplace under 50 simulated users', () => {
  it(`${CUSTOMERS} customers and ${PROVIDERS} providers for ${SECONDS} s: every count balances`, { timeout: (SECONDS + 150) * 1000 }, async () => {
    const summary: SimulationSummary = await runSimulation({
      apiUrl: apiUrl(),
      anonKey: anonKey(),
      serviceRoleKey: serviceRoleKey(),
      customers: CUSTOMERS,
      providers: PROVIDERS,
      seconds: SECONDS,
      maxOperations: 1_000_000,
      prefix: 'rel',
      log: () => undefined,
    });
    console.log(
      `[marketplace] ${summary.operations} operations in ${summary.seconds} s: ${summary.bookingsCreated} booked, ${summary.bookingsCompleted} completed, ${summary.bookingsCancelled} cancelled, ${summary.promotionUses} code uses (${summary.promotionReturns} returned), ${summary.reviews} reviews, ${summary.depositRequests} top-ups; refusals ${JSON.stringify(summary.refusals)}; errors ${JSON.stringify(summary.errors)}`,
    );

    // Nothing failed but what the database refused on purpose, and the crowd did the whole cycle.
    expect(summary.errors).toEqual({});
    expect(summary.bookingsCompleted).toBeGreaterThan(10);
    expect(summary.reviews).toBeGreaterThan(0);
    expect(summary.refusals.promo_used_up ?? 0).toBeGreaterThan(0);

    const customers = summary.customerIds;
    const providers = summary.providerIds;
    const [bookings] = await sql<{ created: number; completed: number; cancelled: number; reviews: number }>(
      `select count(*)::int as created,
              count(*) filter (where status = 'completed')::int as completed,
              count(*) filter (where status = 'cancelled')::int as cancelled,
              (select count(*)::int from public.reviews r where r.customer_id = any($1::uuid[])) as reviews
         from public.bookings where customer_id = any($1::uuid[])`,
      [customers],
    );
    expect(bookings).toEqual({
      created: summary.bookingsCreated,
      completed: summary.bookingsCompleted,
      cancelled: summary.bookingsCancelled,
      reviews: summary.reviews,
    });

    // Promotion codes: uses_count = the run's bookings that hold the code and were not cancelled = taken − returned.
    for (const [code, tally] of Object.entries(summary.codes)) {
      const [row] = await sql<{ uses: number; holding: number; max: number }>(
        `select c.uses_count as uses, c.max_uses as max,
                (select count(*)::int from public.bookings b where b.discount_code = c.code and b.status <> 'cancelled') as holding
           from public.discount_codes c where c.code = $1`,
        [code],
      );
      expect(row, code).toBeDefined();
      expect(row!.uses, `${code}: uses_count vs bookings holding it`).toBe(row!.holding);
      expect(row!.uses, `${code}: uses_count vs the run's tally`).toBe(tally.taken - tally.returned);
      expect(row!.uses, `${code}: never above max_uses`).toBeLessThanOrEqual(row!.max);
    }

    // One commission per completed booking, none for the others; earnings = Σ provider_amount.
    const [commissions] = await sql<{ completed: number; with_commission: number; orphans: number }>(
      `select count(*) filter (where b.status = 'completed')::int as completed,
              count(c.id) filter (where b.status = 'completed')::int as with_commission,
              count(c.id) filter (where b.status <> 'completed')::int as orphans
         from public.bookings b left join public.commissions c on c.booking_id = b.id
        where b.customer_id = any($1::uuid[])`,
      [customers],
    );
    expect(commissions!.with_commission).toBe(commissions!.completed);
    expect(commissions!.orphans).toBe(0);
    const earnings = await sql<{ id: string; total_earnings: string; ledger: string }>(
      `select p.id, p.total_earnings::text,
              coalesce((select sum(c.provider_amount) from public.commissions c where c.provider_id = p.id), 0)::text as ledger
         from public.profiles p where p.id = any($1::uuid[])`,
      [providers],
    );
    for (const row of earnings) expect(row.total_earnings, `earnings of ${row.id}`).toBe(row.ledger);

    // Balances = Σ completed top-ups; status as the deposit rules say; the back office's tally holds.
    const [minimum] = await sql<{ min: string }>("select min_deposit_amount::text as min from public.settings where id = 'app'");
    const balances = await sql<{ id: string; deposit: string; status: string; ledger: string; completed: number; canceled: number; requested: number }>(
      `select p.id, p.deposit::text, p.status,
              coalesce(sum(d.amount) filter (where d.status = 'completed'), 0)::text as ledger,
              count(d.id) filter (where d.status = 'completed')::int as completed,
              count(d.id) filter (where d.status = 'canceled')::int as canceled,
              count(d.id)::int as requested
         from public.profiles p left join public.deposit_history d on d.provider_id = p.id
        where p.id = any($1::uuid[]) group by p.id`,
      [providers],
    );
    for (const row of balances) {
      expect(row.deposit, `balance of ${row.id}`).toBe(row.ledger);
      const expected = row.completed === 0 ? 'inactive' : BigInt(row.deposit) >= BigInt(minimum!.min) ? 'active' : 'inactive';
      expect(row.status, `status of ${row.id}`).toBe(expected);
    }
    expect(balances.reduce((n, row) => n + row.requested, 0)).toBe(summary.depositRequests);
    expect(balances.reduce((n, row) => n + row.completed, 0)).toBe(summary.depositsCompleted);
    expect(balances.reduce((n, row) => n + row.canceled, 0)).toBe(summary.depositsCanceled);

    // Queues hold each provider once, and only providers of the booking's service.
    const [queues] = await sql<{ bad: number }>(
      `select count(*)::int as bad from public.bookings b, unnest(b.provider_queue) q(provider_id)
        where b.customer_id = any($1::uuid[])
          and not exists (select 1 from public.provider_service_types t where t.provider_id = q.provider_id and t.subcategory_id = b.subcategory_id)`,
      [customers],
    );
    expect(queues!.bad).toBe(0);
  });
});
