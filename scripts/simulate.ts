// npm run simulate — customers and providers living the marketplace against the running local stack
// (docs/marketplace.md#simulation): each one signs in through Auth (created with the service-role
// key when missing) and loops over realistic steps through the same RPCs a mobile app would call —
// customers book (sometimes with a promotion code), choose from the queue, cancel, confirm and
// review; providers top up their deposit, list open bookings, join and leave queues, report
// completion; the back office (service role) completes or cancels pending top-ups. Bounded by
// --seconds and --max-operations, loopback only; prints progress and a summary.
//
//   npm run simulate -- --customers=20 --providers=8 --seconds=30 --max-operations=5000 --prefix=sim
//
// API_URL (default: the stack of the current profile, SDV_PORT_OFFSET honoured) and the keys of
// loadConfig() (JWT_SECRET) say where. The exported runSimulation() is what the reliability suite runs.
import { createClient, type PostgrestError, type SupabaseClientOptions } from '@supabase/supabase-js';
import { pathToFileURL } from 'node:url';
import ws from 'ws';
import { loadConfig } from '../local-stack/config.ts';
import type { Database } from '../src/types/database.ts';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
/** Node 20 has no global WebSocket; supabase-js builds its realtime client even when unused. */
const nodeWebSocket = ws as Transport;

export interface SimulationOptions {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  customers: number;
  providers: number;
  seconds: number;
  maxOperations: number;
  /** Accounts are `<prefix>-khach-<n>@mophong.example.vn` / `<prefix>-tho-<n>@…`; codes `<PREFIX>HOT` / `<PREFIX>WIDE`. */
  prefix: string;
  log?: (line: string) => void;
}

export interface SimulationSummary {
  seconds: number;
  operations: number;
  customerIds: string[];
  providerIds: string[];
  /** The promotion codes of the run, with how many uses the run's customers took and returned. */
  codes: Record<string, { taken: number; returned: number }>;
  bookingsCreated: number;
  bookingsConfirmed: number;
  completionReports: number;
  bookingsCompleted: number;
  bookingsCancelled: number;
  promotionUses: number;
  promotionReturns: number;
  reviews: number;
  queueJoins: number;
  queueLeaves: number;
  depositRequests: number;
  depositsCompleted: number;
  depositsCanceled: number;
  /** Refusals by the database (P0001), by their stable code. */
  refusals: Record<string, number>;
  /** Anything else that failed (HTTP, network, unexpected SQLSTATE), by code. */
  errors: Record<string, number>;
}

const PASSWORD = 'MoPhong@2026';
const EMAIL_DOMAIN = 'mophong.example.vn';
const ADDRESSES = ['12 Lê Lợi, Quận 1', '45 Nguyễn Thị Minh Khai, Quận 3', '78 Trần Hưng Đạo, Quận 5', '9 Võ Văn Ngân, TP. Thủ Đức', '33 Cộng Hòa, Quận Tân Bình'];
const NOTES = [null, 'Gọi trước 15 phút khi đến.', 'Nhà có chó, vui lòng bấm chuông.', 'Cần hóa đơn.'];
const COMMENTS = [null, 'Làm nhanh, sạch sẽ.', 'Đúng giờ, thân thiện.', 'Tạm được.', 'Cần cẩn thận hơn.'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number): boolean => Math.random() < p;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

function newClient(apiUrl: string, key: string) {
  return createClient<Database>(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
}

type Client = ReturnType<typeof newClient>;

interface Actor {
  id: string;
  email: string;
  client: Client;
}

/** Signs the account in, creating it through the Auth admin API first when it does not exist. */
async function actor(options: SimulationOptions, admin: Client, email: string, role: 'customer' | 'provider'): Promise<Actor> {
  const created = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    app_metadata: role === 'provider' ? { role: 'provider' } : {},
    user_metadata: { name: `${role === 'provider' ? 'Thợ' : 'Khách'} mô phỏng ${email.split('@')[0]!.split('-').pop()}` },
  });
  if (created.error && created.error.code !== 'email_exists' && created.error.status !== 422) {
    throw new Error(`Could not create the account ${email}: ${created.error.message}`);
  }
  const client = newClient(options.apiUrl, options.anonKey);
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error || !signedIn.data.user) throw new Error(`Could not sign in ${email}: ${signedIn.error?.message ?? ''}`);
  return { id: signedIn.data.user.id, email, client };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  if (!isLoopback(options.apiUrl)) throw new Error(`Simulates only on this machine (127.0.0.1), refusing to run against ${options.apiUrl}`);
  const log = options.log ?? ((line: string) => console.log(line));
  const admin = newClient(options.apiUrl, options.serviceRoleKey);
  const prefix = options.prefix.toLowerCase();
  const summary: SimulationSummary = {
    seconds: 0, operations: 0, customerIds: [], providerIds: [], codes: {},
    bookingsCreated: 0, bookingsConfirmed: 0, completionReports: 0, bookingsCompleted: 0, bookingsCancelled: 0,
    promotionUses: 0, promotionReturns: 0, reviews: 0, queueJoins: 0, queueLeaves: 0,
    depositRequests: 0, depositsCompleted: 0, depositsCanceled: 0, refusals: {}, errors: {},
  };
  const bump = (bucket: Record<string, number>, key: string): void => {
    bucket[key] = (bucket[key] ?? 0) + 1;
  };

  // The catalogue as a customer's app reads it, the minimum deposit, the run's promotion codes.
  const catalogue = await admin.from('service_items').select('id, subcategory_id, subcategories!inner(active)').eq('active', true).eq('subcategories.active', true);
  if (catalogue.error || !catalogue.data?.length) throw new Error(`Could not read the service package catalogue: ${catalogue.error?.message ?? 'empty'}`);
  const items = catalogue.data.map((row) => ({ id: row.id, subcategoryId: row.subcategory_id }));
  const services = [...new Set(items.map((item) => item.subcategoryId))];
  const settings = await admin.from('settings').select('min_deposit_amount').eq('id', 'app').single();
  const minimumDeposit = settings.data?.min_deposit_amount ?? 0;
  const hotCode = `${prefix.toUpperCase()}HOT`;
  const wideCode = `${prefix.toUpperCase()}WIDE`;
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  for (const [code, type, value, maxUses] of [[hotCode, 'fixed_amount', 20000, Math.max(5, Math.ceil(options.customers / 2))], [wideCode, 'percentage', 10, 1_000_000]] as const) {
    const existing = await admin.from('discount_codes').select('id').eq('code', code).maybeSingle();
    if (!existing.data) {
      const inserted = await admin.from('discount_codes').insert({ code, discount_type: type, discount_value: value, max_uses: maxUses, expires_at: expires });
      if (inserted.error) throw new Error(`Could not create the code ${code}: ${inserted.error.message}`);
    } else {
      await admin.from('discount_codes').update({ expires_at: expires, status: 'active' }).eq('code', code);
    }
    summary.codes[code] = { taken: 0, returned: 0 };
  }

  const started = Date.now();
  log(`Preparing ${options.customers} customers and ${options.providers} providers …`);
  const customerEmails = Array.from({ length: options.customers }, (_, i) => `${prefix}-khach-${String(i + 1).padStart(3, '0')}@${EMAIL_DOMAIN}`);
  const providerEmails = Array.from({ length: options.providers }, (_, i) => `${prefix}-tho-${String(i + 1).padStart(3, '0')}@${EMAIL_DOMAIN}`);
  const customers = await pool(customerEmails, 8, (email) => actor(options, admin, email, 'customer'));
  const providers = await pool(providerEmails, 8, (email) => actor(options, admin, email, 'provider'));
  summary.customerIds = customers.map((c) => c.id);
  summary.providerIds = providers.map((p) => p.id);
  // The back office approves the new providers: `inactive` until a completed top-up reaches the
  // minimum deposit (a deposit never activates a provider awaiting approval, docs/product.md#deposits-and-balances).
  await admin.from('profiles').update({ status: 'inactive' }).in('id', summary.providerIds).eq('status', 'pending_approval');
  // Each provider offers two or three services (the back office's job; the service role here).
  for (const provider of providers) {
    const offered = [...services].sort(() => Math.random() - 0.5).slice(0, Math.min(services.length, 2 + Math.floor(Math.random() * 2)));
    await admin.from('provider_service_types').upsert(offered.map((subcategory_id) => ({ provider_id: provider.id, subcategory_id })), { ignoreDuplicates: true });
  }
  log(`Ready after ${((Date.now() - started) / 1000).toFixed(1)} s. Simulating ${options.seconds} s, at most ${options.maxOperations} operations.`);

  const deadline = Date.now() + options.seconds * 1000;
  const running = (): boolean => Date.now() < deadline && summary.operations < options.maxOperations;

  /** One RPC (or write) counted: ok, a refusal by its hint, or an error by its code. */
  const attempt = async <R extends { data: unknown; error: PostgrestError | null }>(call: PromiseLike<R>): Promise<R['data'] | null> => {
    summary.operations += 1;
    try {
      const { data, error } = await call;
      if (!error) return data;
      if (error.code === 'P0001') bump(summary.refusals, error.hint || 'P0001');
      else bump(summary.errors, error.code || 'unknown');
    } catch (error) {
      bump(summary.errors, error instanceof Error ? error.name : 'exception');
    }
    return null;
  };

  const toReview = new Map<string, string[]>();

  async function customerStep(customer: Actor): Promise<void> {
    const mine = await customer.client
      .from('bookings')
      .select('id, status, provider_queue, discount_code')
      .eq('customer_id', customer.id)
      .in('status', ['pending', 'confirmed', 'pending_completion'])
      .order('created_at', { ascending: false })
      .limit(10);
    const active = mine.data ?? [];
    const reported = active.find((b) => b.status === 'pending_completion');
    if (reported) {
      const done = await attempt(customer.client.rpc('confirm_completion', { p_booking_id: reported.id }));
      if (done) {
        summary.bookingsCompleted += 1;
        toReview.set(customer.id, [...(toReview.get(customer.id) ?? []), done.id]);
      }
      return;
    }
    const reviewable = toReview.get(customer.id)?.shift();
    if (reviewable && chance(0.7)) {
      const rating = pick([5, 5, 5, 4, 4, 3, 2, 1]);
      if (await attempt(customer.client.rpc('create_review', { p_booking_id: reviewable, p_rating: rating, p_comment: pick(COMMENTS) ?? undefined }))) summary.reviews += 1;
      return;
    }
    const queued = active.find((b) => b.status === 'pending' && b.provider_queue.length > 0);
    if (queued && chance(0.85)) {
      if (chance(0.08)) return cancel(customer, queued.id);
      if (await attempt(customer.client.rpc('choose_provider', { p_booking_id: queued.id, p_provider_id: pick(queued.provider_queue) }))) summary.bookingsConfirmed += 1;
      return;
    }
    const confirmed = active.find((b) => b.status === 'confirmed');
    if (confirmed && chance(0.03)) return cancel(customer, confirmed.id);
    if (active.length < 3 && chance(0.6)) {
      const roll = Math.random();
      const code = roll < 0.3 ? hotCode : roll < 0.5 ? wideCode : roll < 0.52 ? 'KHONGTONTAI' : undefined;
      // Now and then a customer picks a time already past (the app would stop it; the database does too).
      const hours = chance(0.02) ? -1 : 2 + Math.floor(Math.random() * 72);
      const booked = await attempt(
        customer.client
          .rpc('create_booking', {
            p_service_item_id: pick(items).id,
            p_scheduled_at: new Date(Date.now() + hours * 3600 * 1000).toISOString(),
            p_address: pick(ADDRESSES),
            p_note: pick(NOTES) ?? undefined,
            p_payment_method: chance(0.4) ? 'bank_transfer' : 'cash',
            p_discount_code: code,
          }),
      );
      if (booked) {
        summary.bookingsCreated += 1;
        if (booked.discount_code) {
          summary.promotionUses += 1;
          summary.codes[booked.discount_code]!.taken += 1;
        }
      }
    }
  }

  async function cancel(customer: Actor, bookingId: string): Promise<void> {
    const cancelled = await attempt(customer.client.rpc('cancel_booking', { p_booking_id: bookingId }));
    if (!cancelled) return;
    summary.bookingsCancelled += 1;
    if (cancelled.discount_code) {
      summary.promotionReturns += 1;
      summary.codes[cancelled.discount_code]!.returned += 1;
    }
  }

  const awaitingTopUp = new Set<string>();

  async function providerStep(provider: Actor): Promise<void> {
    const profile = await provider.client.from('profiles').select('status, deposit').eq('id', provider.id).single();
    if (!profile.data) return;
    const working = profile.data.status === 'active' && profile.data.deposit >= minimumDeposit;
    if (working) awaitingTopUp.delete(provider.id);
    if ((!working && !awaitingTopUp.has(provider.id)) || chance(0.01)) {
      const amount = Math.max(minimumDeposit, 100000) + 50000 * Math.floor(Math.random() * 10);
      if (await attempt(provider.client.rpc('request_deposit', { p_amount: amount, p_note: 'Chuyển khoản ngân hàng' }))) {
        summary.depositRequests += 1;
        awaitingTopUp.add(provider.id);
      }
      return;
    }
    if (!working) return;
    const assigned = await provider.client.from('bookings').select('id').eq('provider_id', provider.id).eq('status', 'confirmed').limit(5);
    const job = assigned.data?.[0];
    if (job && chance(0.7)) {
      if (await attempt(provider.client.rpc('report_completion', { p_booking_id: job.id }))) summary.completionReports += 1;
      return;
    }
    const open = await attempt(provider.client.rpc('list_open_bookings', { p_limit: 20 }));
    // Composite-type columns are typed nullable; every listed booking has them.
    const rows = (open ?? []).flatMap((row) => (row.id ? [{ id: row.id, inQueue: row.in_queue === true, queueSize: row.queue_size ?? 0 }] : []));
    const mineQueued = rows.filter((row) => row.inQueue);
    if (mineQueued.length > 0 && chance(0.05)) {
      if ((await attempt(provider.client.rpc('leave_booking_queue', { p_booking_id: pick(mineQueued).id }))) !== null) summary.queueLeaves += 1;
      return;
    }
    const candidates = rows.filter((row) => !row.inQueue && row.queueSize < 4);
    if (candidates.length > 0 && chance(0.8)) {
      if ((await attempt(provider.client.rpc('join_booking_queue', { p_booking_id: pick(candidates).id }))) !== null) summary.queueJoins += 1;
    }
  }

  async function backOfficeStep(): Promise<void> {
    const pending = await admin
      .from('deposit_history')
      .select('id')
      .in('provider_id', summary.providerIds)
      .eq('status', 'pending')
      .lt('created_at', new Date(Date.now() - 300).toISOString())
      .limit(20);
    for (const row of pending.data ?? []) {
      const status = chance(0.9) ? 'completed' : 'canceled';
      const updated = await attempt(admin.from('deposit_history').update({ status }).eq('id', row.id).eq('status', 'pending').select('id'));
      if (updated && updated.length === 1) {
        if (status === 'completed') summary.depositsCompleted += 1;
        else summary.depositsCanceled += 1;
      }
    }
  }

  const loop = async (step: () => Promise<void>, pauseMs: [number, number]): Promise<void> => {
    await sleep(Math.random() * pauseMs[1]);
    while (running()) {
      try {
        await step();
      } catch (error) {
        bump(summary.errors, error instanceof Error ? error.name : 'exception');
      }
      await sleep(pauseMs[0] + Math.random() * (pauseMs[1] - pauseMs[0]));
    }
  };

  const progress = setInterval(() => {
    const refused = Object.values(summary.refusals).reduce((a, b) => a + b, 0);
    log(
      `  ${Math.round((Date.now() - (deadline - options.seconds * 1000)) / 1000)} s · ${summary.operations} operations · booked ${summary.bookingsCreated} · completed ${summary.bookingsCompleted} · cancelled ${summary.bookingsCancelled} · refused ${refused} · errors ${Object.values(summary.errors).reduce((a, b) => a + b, 0)}`,
    );
  }, 5000);
  const runStarted = Date.now();
  try {
    await Promise.all([
      ...customers.map((customer) => loop(() => customerStep(customer), [150, 600])),
      ...providers.map((provider) => loop(() => providerStep(provider), [150, 600])),
      loop(backOfficeStep, [400, 800]),
    ]);
  } finally {
    clearInterval(progress);
    for (const user of [...customers, ...providers]) await user.client.auth.signOut({ scope: 'local' });
  }
  summary.seconds = Math.round((Date.now() - runStarted) / 100) / 10;
  return summary;
}

export function formatSummary(summary: SimulationSummary): string {
  const lines = [
    `Finished after ${summary.seconds} s, ${summary.operations} operations (${summary.customerIds.length} customers, ${summary.providerIds.length} providers)`,
    `  bookings created:        ${summary.bookingsCreated}`,
    `  provider chosen:         ${summary.bookingsConfirmed}`,
    `  completion reported:     ${summary.completionReports}`,
    `  completed:               ${summary.bookingsCompleted}`,
    `  cancelled:               ${summary.bookingsCancelled}`,
    `  promotion code uses:     ${summary.promotionUses} (returned on cancel: ${summary.promotionReturns})`,
    `  reviews:                 ${summary.reviews}`,
    `  queue joins / leaves:    ${summary.queueJoins} / ${summary.queueLeaves}`,
    `  deposit top-up requests: ${summary.depositRequests} (approved ${summary.depositsCompleted}, cancelled ${summary.depositsCanceled})`,
    '  refusals by reason:',
    ...Object.entries(summary.refusals).sort((a, b) => b[1] - a[1]).map(([hint, n]) => `    ${hint.padEnd(28)} ${n}`),
    `  other errors: ${Object.keys(summary.errors).length === 0 ? '0' : JSON.stringify(summary.errors)}`,
  ];
  return lines.join('\n');
}

function flag(name: string, fallback: number): number;
function flag(name: string, fallback: string): string;
function flag(name: string, fallback: number | string): number | string {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return fallback;
  if (typeof fallback === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const apiUrl = process.env.API_URL ?? config.apiUrl;
  const customers = Math.min(flag('customers', 20), 200);
  const providers = Math.min(flag('providers', 8), 100);
  const seconds = Math.min(flag('seconds', 30), 600);
  const maxOperations = flag('max-operations', 5000);
  const prefix = flag('prefix', 'sim');
  if (!/^[a-z][a-z0-9]{0,15}$/i.test(prefix)) throw new Error('--prefix: letters and digits, at most 16 characters');
  try {
    await fetch(`${apiUrl}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
  } catch {
    throw new Error(`Could not connect to ${apiUrl}. Run "npm start" first (or set API_URL).`);
  }
  const summary = await runSimulation({ apiUrl, anonKey: config.anonKey, serviceRoleKey: config.serviceRoleKey, customers, providers, seconds, maxOperations, prefix });
  console.log(formatSummary(summary));
  if (Object.keys(summary.errors).length > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
